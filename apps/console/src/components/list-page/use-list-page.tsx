import { useCallback, useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { EndpointDefinition } from '@lending/contract';
import {
  arrangeColumns,
  readColumnSettings,
  writeColumnSettings,
  type ColumnSettings,
} from '../../lib/column-settings';
import { useGrants } from '../../lib/grants';
import {
  listSchemaOf,
  readListParams,
  writeListParams,
  type ListParams,
  type ListSort,
} from '../../lib/list-url';
import { useSession } from '../../lib/session';
import { useEndpointQuery } from '../../lib/use-endpoint';
import { isGranted, useCallRunner } from './actions';
import { translate } from './text';
import type {
  BulkAction,
  BulkFormAction,
  CallAction,
  ColumnSpec,
  FormAction,
  ListSpec,
  RowAction,
  RowOf,
  ToolbarAction,
} from './types';

const DEFAULT_PAGE_SIZE = 20;

type Opened<Row> =
  | { kind: 'form'; action: FormAction<Row>; row: Row | undefined; open: boolean }
  | { kind: 'bulkForm'; action: BulkFormAction<Row>; rows: readonly Row[]; open: boolean };

function defaultRowKey(row: unknown): string | number {
  const id = (row as { id?: unknown }).id;
  return typeof id === 'number' || typeof id === 'string' ? id : JSON.stringify(row);
}

/** The column settings of one screen for the signed-in user. */
function useColumnSettings<Row>(route: string, columns: readonly ColumnSpec<Row>[]) {
  const user = useSession()?.user.email ?? '';
  const id = `${user}:${route}`;
  const [saved, setSaved] = useState(() => ({ id, settings: readColumnSettings(user, route) }));
  // Another user (or screen) reads its own settings.
  const settings = saved.id === id ? saved.settings : readColumnSettings(user, route);
  const arrangement = useMemo(() => arrangeColumns(columns, settings), [columns, settings]);
  const save = useCallback(
    (next: ColumnSettings | null) => {
      setSaved({ id, settings: next });
      writeColumnSettings(user, route, next);
    },
    [id, user, route],
  );
  const byKey = useMemo(() => new Map(columns.map((column) => [column.key, column])), [columns]);
  const ordered = arrangement.order.map((key) => byKey.get(key)!);

  const setVisible = (key: string, visible: boolean) => {
    const column = byKey.get(key);
    if (!column) return;
    const current = settings ?? { order: arrangement.order, hidden: [], shown: [] };
    const without = (list: string[]) => list.filter((other) => other !== key);
    save({
      order: arrangement.order,
      hidden:
        visible || column.hiddenByDefault ? without(current.hidden) : [...current.hidden, key],
      shown: visible && column.hiddenByDefault ? [...current.shown, key] : without(current.shown),
    });
  };
  const move = (key: string, by: -1 | 1) => {
    const order = [...arrangement.order];
    const from = order.indexOf(key);
    const to = from + by;
    if (from < 0 || to < 0 || to >= order.length) return;
    order.splice(from, 1);
    order.splice(to, 0, key);
    save({ hidden: [], shown: [], ...settings, order });
  };

  return {
    /** Every column in the user's order, with whether it shows. */
    all: ordered.map((column) => ({ column, visible: arrangement.visible.has(column.key) })),
    visible: ordered.filter((column) => arrangement.visible.has(column.key)),
    customised: settings !== null,
    setVisible,
    move,
    reset: () => save(null),
  };
}

/**
 * The behaviour of a list screen without its look (react-admin's controller): the URL state
 * (filters, page, page size, sort) read through the endpoint's schema, the query, "no page
 * past the end", row selection, column settings, the actions the user may take and the
 * dialogs they open. `listPage` renders it; a screen with an unusual layout renders it itself.
 *
 * @example
 * const list = useListPage(loginLogList);
 * return <Table dataSource={list.rows} loading={list.query.isFetching} … />;
 */
export function useListPage<E extends EndpointDefinition>(spec: ListSpec<E>) {
  type Row = RowOf<E>;
  const { t } = useTranslation();
  const grants = useGrants();
  const runner = useCallRunner();
  const [searchParams, setSearchParams] = useSearchParams();
  const defaultPageSize = spec.pageSize ?? DEFAULT_PAGE_SIZE;

  const schema = useMemo(() => listSchemaOf(spec.endpoint.body, spec.endpoint.id), [spec]);
  const sortFields = useMemo(
    () => new Set(spec.columns.flatMap((column) => (column.sortField ? [column.sortField] : []))),
    [spec],
  );
  const fixedFilters = useMemo(() => (spec.fixedFilters ?? {}) as Record<string, unknown>, [spec]);
  const params = useMemo(
    () =>
      readListParams(searchParams, schema, {
        defaultPageSize,
        sortFields,
        fixedFilters: new Set(Object.keys(fixedFilters)),
      }),
    [searchParams, schema, defaultPageSize, sortFields, fixedFilters],
  );

  const body = useMemo(() => {
    const filters = { ...fixedFilters, ...params.filters };
    return {
      page: params.page,
      pageSize: params.pageSize,
      ...(Object.keys(filters).length > 0 ? { filters } : {}),
      ...(params.sort ? { sort: params.sort } : {}),
    };
  }, [params, fixedFilters]);
  const query = useEndpointQuery(spec.endpoint, body as never, { keepPrevious: true });
  const answer = query.data as { list: Row[]; total: number; totalIsEstimate?: true } | undefined;
  const rows = useMemo(() => answer?.list ?? [], [answer]);

  const write = useCallback(
    (next: ListParams, options: { replace?: boolean } = {}) =>
      setSearchParams(writeListParams(next, defaultPageSize), {
        replace: options.replace ?? false,
      }),
    [setSearchParams, defaultPageSize],
  );

  // No page past the end: after a delete empties the last page, or a link names a page that
  // is no longer there, step back to the last page that has rows.
  useEffect(() => {
    if (!answer || query.isPlaceholderData || answer.list.length > 0 || params.page === 1) return;
    const last = Math.max(1, Math.ceil(answer.total / params.pageSize));
    if (last < params.page) write({ ...params, page: last }, { replace: true });
  }, [answer, query.isPlaceholderData, params, write]);

  const rowKey = spec.rowKey ?? defaultRowKey;
  const rowLabel = useCallback(
    (row: Row) => (spec.rowLabel ? spec.rowLabel(row) : `#${String(defaultRowKey(row))}`),
    [spec],
  );

  // Selection belongs to the page it was made on: another page, filter or sort starts afresh.
  const pageKey = JSON.stringify(body);
  const [selection, setSelection] = useState<{ pageKey: string; keys: Key[] }>({
    pageKey,
    keys: [],
  });
  const selectedKeys = selection.pageKey === pageKey ? selection.keys : [];
  const selectedRows = rows.filter((row) => selectedKeys.includes(rowKey(row)));

  const columns = useColumnSettings(spec.route, spec.columns);

  const granted = <A extends RowAction<Row> | BulkAction<Row>>(actions: readonly A[] = []) =>
    actions.filter((action) => isGranted(action as never, grants));
  const toolbar = granted((spec.toolbar ?? []) as readonly ToolbarAction<Row>[]);
  const rowActions = granted(spec.rowActions);
  const bulkActions = granted(spec.bulkActions);

  const [opened, setOpened] = useState<Opened<Row> | null>(null);
  const close = () => setOpened((current) => (current ? { ...current, open: false } : null));
  const clearSelection = () => setSelection({ pageKey, keys: [] });

  const runRowCall = (action: CallAction<Row>, row: Row, id: string) =>
    void runner.run(
      {
        endpoint: action.endpoint,
        body: action.body(row),
        ...(action.confirm ? { confirm: translate(t, action.confirm, row) } : {}),
        danger: typeof action.danger === 'function' ? action.danger(row) : Boolean(action.danger),
        success: action.success,
        invalidates: [spec.endpoint, ...action.invalidates],
      },
      id,
    );

  const runBulk = (action: BulkAction<Row>) => {
    if (action.kind === 'bulkForm') {
      setOpened({ kind: 'bulkForm', action, rows: selectedRows, open: true });
      return;
    }
    void runner
      .run(
        {
          endpoint: action.endpoint,
          body: action.body(selectedRows),
          ...(action.confirm ? { confirm: t(action.confirm, { count: selectedRows.length }) } : {}),
          danger: Boolean(action.danger),
          success: action.success,
          invalidates: [spec.endpoint, ...action.invalidates],
        },
        `bulk:${action.label}`,
      )
      .then((done) => {
        if (done) clearSelection();
      });
  };

  let dialog: ReactNode = null;
  if (opened?.kind === 'form') {
    const { Component } = opened.action;
    dialog = <Component open={opened.open} row={opened.row} onClose={close} />;
  } else if (opened?.kind === 'bulkForm') {
    const { Component } = opened.action;
    dialog = (
      <Component
        open={opened.open}
        rows={opened.rows}
        onClose={close}
        onDone={() => {
          close();
          clearSelection();
        }}
      />
    );
  }

  return {
    spec,
    params,
    /** The body sent: the URL's params with the screen's fixed filters. */
    body,
    query,
    rows,
    total: answer?.total ?? 0,
    /** True when `total` is the server's estimate (a list above 1,000 rows, decisions 0051 and 0092). */
    totalIsEstimate: answer?.totalIsEstimate === true,
    rowKey,
    rowLabel,
    /** New filters from the search form: back to page 1; filters without a control stay. */
    setFilters(filters: Record<string, unknown>) {
      const next = Object.fromEntries(
        Object.entries({ ...params.filters, ...filters }).filter(
          ([, value]) => value !== undefined && value !== null && value !== '',
        ),
      );
      write({ ...params, page: 1, filters: next });
    },
    resetFilters() {
      write({ ...params, page: 1, filters: {} });
    },
    setPage(page: number, pageSize: number) {
      write({ ...params, page: pageSize === params.pageSize ? page : 1, pageSize });
    },
    setSort(sort: ListSort | undefined) {
      const { sort: _previous, ...rest } = params;
      write({ ...rest, page: 1, ...(sort ? { sort } : {}) });
    },
    refresh: () => void query.refetch(),
    columns,
    toolbar,
    rowActions,
    bulkActions,
    selection: {
      keys: selectedKeys,
      rows: selectedRows,
      set: (keys: Key[]) => setSelection({ pageKey, keys }),
      clear: clearSelection,
    },
    /** The action id running now; its button shows it and cannot be pressed again. */
    pending: runner.pending,
    runRowCall,
    runBulk,
    openForm: (action: FormAction<Row>, row?: Row) =>
      setOpened({ kind: 'form', action, row, open: true }),
    /** The open action's modal or drawer; render it anywhere in the page. */
    dialog,
    /**
     * What a background export of this list takes: the filters and sort in effect (fixed
     * filters included) and the visible columns; undefined when the list is not exportable.
     */
    exportRequest:
      spec.exportable !== false && spec.endpoint.access === 'granted'
        ? {
            endpoint: spec.endpoint,
            filters: body.filters as Record<string, unknown> | undefined,
            sort: body.sort,
            columns: columns.visible.flatMap((column) =>
              column.export ? [{ label: column.label, ...column.export }] : [],
            ),
          }
        : undefined,
  };
}

export type ListPageState<E extends EndpointDefinition> = ReturnType<typeof useListPage<E>>;
