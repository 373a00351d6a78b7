import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  ReloadOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Empty,
  Form,
  Popover,
  Result,
  Space,
  Table,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useEffect, useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointDefinition } from '@lending/contract';
import { formatRoughCount } from '../../lib/format';
import { actionBuilders, RowActionButtons, type ActionBuilders } from './actions';
import { columnBuilders, type ColumnBuilders } from './columns';
import { ExportButton } from './export-button';
import { FilterActions } from './filter-actions';
import { filterBuilders, type FilterBuilders } from './filters';
import { translate } from './text';
import type { FilterSpec, FiltersOf, ListSpec, RowOf } from './types';
import { useListPage, type ListPageState } from './use-list-page';
import './list-page.css';

const PAGE_SIZES = [10, 20, 50, 100];

/** The builders a list description is written with, typed by its endpoint. */
export interface ListKit<E extends EndpointDefinition> {
  column: ColumnBuilders<RowOf<E>>;
  filter: FilterBuilders<FiltersOf<E>>;
  action: ActionBuilders<RowOf<E>>;
}

/**
 * A list screen's description, typed by its contract endpoint: the row type checks every
 * column's field, the filters type every filter's name.
 *
 * @example
 * export const roleList = describeList(getRoles, ({ column, filter }) => ({
 *   route: 'role',
 *   filters: [filter.text('name', 'role.name')],
 *   columns: [column.text('name', 'role.name', { sortable: true })],
 * }));
 */
export function describeList<E extends EndpointDefinition>(
  endpoint: E,
  describe: (kit: ListKit<E>) => Omit<ListSpec<E>, 'endpoint'>,
): ListSpec<E> {
  const kit: ListKit<E> = {
    column: columnBuilders<RowOf<E>>(endpoint),
    filter: filterBuilders<FiltersOf<E>>(),
    action: actionBuilders<RowOf<E>>(),
  };
  return { ...describe(kit), endpoint };
}

/**
 * A list screen from its description: heading, filters kept in the URL, toolbar, refresh,
 * column settings, a server-paginated and sortable table with its row and bulk actions, and
 * its loading, empty and error states. The description carries only the screen's facts.
 *
 * @example
 * export const LoginLogPage = listPage(loginLog, ({ column, filter }) => ({
 *   route: 'loginLog',
 *   filters: [filter.text('email', 'loginLog.email'), filter.indiaDateRange('dateFrom', 'dateTo')],
 *   columns: [column.instant('at', 'common.time', { sortable: true }), column.text('ip', 'loginLog.address')],
 * }));
 */
export function listPage<E extends EndpointDefinition>(
  endpoint: E,
  describe: (kit: ListKit<E>) => Omit<ListSpec<E>, 'endpoint'>,
): ComponentType & { spec: ListSpec<E> } {
  const spec = describeList(endpoint, describe);
  function ListPage() {
    return <ListPageView list={useListPage(spec)} />;
  }
  return Object.assign(ListPage, { spec });
}

/** The whole list screen for a list state (from useListPage). */
export function ListPageView<E extends EndpointDefinition>({ list }: { list: ListPageState<E> }) {
  const { t } = useTranslation();
  return (
    <Card
      title={<h1 className="page-heading">{t(list.spec.title ?? `route.${list.spec.route}`)}</h1>}
    >
      <ListFilters list={list} />
      <ListToolbar list={list} />
      <ListTable list={list} />
      {list.dialog}
    </Card>
  );
}

const NO_FILTERS: readonly FilterSpec[] = [];

/** The search form: one control per filter, Search and Reset; it follows the URL. */
export function ListFilters<E extends EndpointDefinition>({ list }: { list: ListPageState<E> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const filters = list.spec.filters ?? NO_FILTERS;
  const inEffect = list.params.filters;
  const values = useMemo(
    () => Object.fromEntries(filters.map((filter) => [filter.key, filter.toForm(inEffect)])),
    [filters, inEffect],
  );

  // Back and Forward change the URL under the form: show what the list now shows.
  useEffect(() => {
    form.setFieldsValue(values);
  }, [form, values]);

  if (filters.length === 0) return null;
  return (
    <Form
      form={form}
      name={`${list.spec.route}-filters`}
      layout="inline"
      className="list-filters"
      initialValues={values}
      onFinish={(submitted: Record<string, unknown>) =>
        list.setFilters(
          Object.assign({}, ...filters.map((filter) => filter.fromForm(submitted[filter.key]))),
        )
      }
    >
      {filters.map((filter) => (
        <Form.Item
          key={filter.key}
          label={t(filter.label)}
          name={filter.key}
          {...(filter.rules ? { rules: filter.rules(t) } : {})}
        >
          <filter.Control label={t(filter.label)} />
        </Form.Item>
      ))}
      <FilterActions form={form} onReset={list.resetFilters} />
    </Form>
  );
}

/** Toolbar actions and the bulk actions of the selection on the left; refresh and columns on the right. */
export function ListToolbar<E extends EndpointDefinition>({ list }: { list: ListPageState<E> }) {
  const { t } = useTranslation();
  const count = list.selection.keys.length;
  return (
    <div className="list-toolbar" role="toolbar" aria-label={t('listPage.toolbar')}>
      <Space wrap>
        {list.toolbar.map((action, index) => (
          <Button key={index} type="primary" onClick={() => list.openForm(action)}>
            {translate(t, action.label, undefined as never)}
          </Button>
        ))}
        {list.bulkActions.length > 0 ? (
          <>
            <Typography.Text type="secondary" aria-live="polite">
              {t('listPage.selected', { count })}
            </Typography.Text>
            {list.bulkActions.map((action) => (
              <Button
                key={action.label}
                danger={Boolean(action.danger)}
                disabled={count === 0}
                loading={list.pending === `bulk:${action.label}`}
                onClick={() => list.runBulk(action)}
              >
                {t(action.label)}
              </Button>
            ))}
            {count > 0 ? (
              <Button type="link" onClick={list.selection.clear}>
                {t('listPage.clearSelection')}
              </Button>
            ) : null}
          </>
        ) : null}
      </Space>
      <Space>
        <ExportButton list={list} />
        <Tooltip title={t('listPage.refresh')}>
          <Button
            icon={<ReloadOutlined spin={list.query.isFetching} />}
            aria-label={t('listPage.refresh')}
            onClick={list.refresh}
          />
        </Tooltip>
        <ColumnSettingsButton list={list} />
      </Space>
    </div>
  );
}

function ColumnSettingsButton<E extends EndpointDefinition>({ list }: { list: ListPageState<E> }) {
  const { t } = useTranslation();
  const { all } = list.columns;
  const content = (
    <div className="list-column-settings">
      <ul aria-label={t('listPage.columnsShown')}>
        {all.map(({ column, visible }, index) => {
          const name = t(column.label);
          return (
            <li key={column.key}>
              <Checkbox
                checked={visible}
                onChange={(event) => list.columns.setVisible(column.key, event.target.checked)}
              >
                {name}
              </Checkbox>
              <span>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  aria-label={t('listPage.moveUp', { column: name })}
                  onClick={() => list.columns.move(column.key, -1)}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  disabled={index === all.length - 1}
                  aria-label={t('listPage.moveDown', { column: name })}
                  onClick={() => list.columns.move(column.key, 1)}
                />
              </span>
            </li>
          );
        })}
      </ul>
      <Button size="small" disabled={!list.columns.customised} onClick={list.columns.reset}>
        {t('listPage.resetColumns')}
      </Button>
    </div>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('listPage.columns')}
      content={content}
    >
      <Button icon={<SettingOutlined />} aria-label={t('listPage.columns')} />
    </Popover>
  );
}

function EmptyList<E extends EndpointDefinition>({ list }: { list: ListPageState<E> }) {
  const { t } = useTranslation();
  if (list.query.isError && !list.query.data) {
    return (
      <Result
        status="warning"
        title={t('listPage.loadFailed')}
        subTitle={list.query.error?.message}
        extra={
          <Button type="primary" onClick={list.refresh}>
            {t('listPage.retry')}
          </Button>
        }
      />
    );
  }
  if (list.params.page > 1) {
    // A page beyond the end (the total was an estimate, or rows went meanwhile): not an error.
    return (
      <Empty description={t('listPage.pastEnd', { page: list.params.page })}>
        <Button onClick={() => list.setPage(1, list.params.pageSize)}>
          {t('listPage.firstPage')}
        </Button>
      </Empty>
    );
  }
  if (Object.keys(list.params.filters).length > 0) {
    return (
      <Empty description={t('listPage.noMatch')}>
        <Button onClick={list.resetFilters}>{t('listPage.clearFilters')}</Button>
      </Empty>
    );
  }
  return <Empty description={t('listPage.empty')} />;
}

/** The table: the user's columns, server-side sort and pagination, selection, row actions. */
export function ListTable<E extends EndpointDefinition>({ list }: { list: ListPageState<E> }) {
  type Row = RowOf<E>;
  const { t } = useTranslation();
  const { sort } = list.params;

  const columns: TableColumnsType<Row> = list.columns.visible.map((column) => ({
    key: column.key,
    title: t(column.label),
    ...(column.align === 'end' ? { align: 'right' as const } : {}),
    ...(column.width ? { width: column.width } : {}),
    ...(column.fixed ? { fixed: column.fixed } : {}),
    ...(column.sortField
      ? {
          sorter: true,
          sortDirections: ['descend', 'ascend'] as ('descend' | 'ascend')[],
          sortOrder:
            sort?.field === column.sortField
              ? sort.order === 'asc'
                ? ('ascend' as const)
                : ('descend' as const)
              : null,
        }
      : {}),
    render: (_: unknown, row: Row) => column.render(row, { t, rowLabel: list.rowLabel(row) }),
  }));
  if (list.rowActions.length > 0) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_: unknown, row: Row) => (
        <RowActionButtons
          row={row}
          rowLabel={list.rowLabel(row)}
          actions={list.rowActions}
          pending={list.pending}
          onRun={list.runRowCall}
          onOpen={list.openForm}
        />
      ),
    });
  }

  return (
    <>
      {list.query.isError && list.query.data ? (
        <Alert
          type="warning"
          showIcon
          className="list-stale"
          title={t('listPage.stale', { message: list.query.error?.message ?? '' })}
          action={
            <Button size="small" onClick={list.refresh}>
              {t('listPage.retry')}
            </Button>
          }
        />
      ) : null}
      <Table<Row>
        rowKey={(row) => list.rowKey(row)}
        loading={list.query.isFetching}
        dataSource={list.rows}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyList list={list} /> }}
        {...(list.bulkActions.length > 0
          ? {
              rowSelection: {
                selectedRowKeys: list.selection.keys,
                onChange: (keys) => list.selection.set(keys),
                getCheckboxProps: (row: Row) => ({
                  'aria-label': t('listPage.selectRow', { row: list.rowLabel(row) }),
                }),
              },
            }
          : {})}
        onChange={(_pagination, _filters, sorter, extra) => {
          if (extra.action !== 'sort' || Array.isArray(sorter)) return;
          const field = list.columns.visible.find(
            (column) => column.key === sorter.columnKey,
          )?.sortField;
          list.setSort(
            field && sorter.order
              ? { field, order: sorter.order === 'ascend' ? 'asc' : 'desc' }
              : undefined,
          );
        }}
        pagination={{
          current: list.params.page,
          pageSize: list.params.pageSize,
          total: list.total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) =>
            list.totalIsEstimate
              ? t('listPage.aboutTotal', { total: formatRoughCount(total) })
              : t('common.total', { total }),
          onChange: list.setPage,
        }}
      />
    </>
  );
}
