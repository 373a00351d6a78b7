import { EyeOutlined } from '@ant-design/icons';
import { Button, Switch, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EndpointBody, EndpointDefinition, EndpointRet } from '@lending/contract';
import { api } from '../../lib/api';
import { feedback } from '../../lib/feedback';
import {
  formatIndiaDateTime,
  formatPaise,
  formatPpmPercent,
  formatShare,
  groupIndianDigits,
} from '../../lib/format';
import { useGrants } from '../../lib/grants';
import { useEndpointMutation } from '../../lib/use-endpoint';
import { rowValues, translate } from './text';
import type {
  CellContext,
  ColumnExport,
  ColumnOptions,
  ColumnSpec,
  KeysOf,
  StatusTags,
} from './types';

const EMPTY = '—';

type Maybe<V> = V | null | undefined;

/** Formatted values may be put into a sentence: `{{value}}` plus the row's own fields. */
interface TemplateOption {
  /** Translation key; `{{value}}` is the formatted value (e.g. `'{{value}} per day'`). */
  template?: string;
}

function isEmpty(value: unknown): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

function fieldOf(row: unknown, field: string): unknown {
  return (row as Record<string, unknown>)[field];
}

/**
 * A column showing one field. `format` turns a present value into what the cell shows; a
 * template then puts a text into its sentence. Numeric cells line up right, in tabular digits.
 */
function fieldColumn<Row>(
  field: string,
  label: string,
  options: ColumnOptions & TemplateOption & { numeric?: boolean },
  format: (value: never, context: CellContext, row: Row) => ReactNode,
  exportAs: Omit<ColumnExport, 'field'> = { kind: 'text' },
): ColumnSpec<Row> {
  return {
    key: field,
    label,
    export: { field, ...exportAs },
    ...(options.sortable ? { sortField: field } : {}),
    ...(options.numeric ? { align: 'end' as const } : {}),
    ...(options.hiddenByDefault ? { hiddenByDefault: true } : {}),
    ...(options.width ? { width: options.width } : {}),
    ...(options.fixed ? { fixed: options.fixed } : {}),
    render(row, context) {
      const value = fieldOf(row, field);
      if (isEmpty(value)) return EMPTY;
      let shown = format(value as never, context, row);
      if (options.template) {
        shown = context.t(options.template, { ...rowValues(row), value: shown });
      }
      return options.numeric ? <span className="list-number">{shown}</span> : shown;
    },
  };
}

/*
 * Bodies are typed through a `const B extends EndpointBody<E>` parameter rather than as
 * `EndpointBody<E>` itself: inferred in the same call as E, the latter widens a literal the
 * body returns ('phone' → string) and refuses it.
 */

/** A masked value's audited reveal: which endpoint shows one field of one row in full. */
export interface MaskedReveal<
  Row,
  E extends EndpointDefinition = EndpointDefinition,
  B extends EndpointBody<E> = EndpointBody<E>,
> {
  endpoint: E;
  body(row: Row): B;
  /** The full value in the endpoint's answer. */
  value(ret: EndpointRet<E>): string;
}

/** The column kinds of a list screen, typed by its row: a wrong field fails to compile. */
export interface ColumnBuilders<Row> {
  /**
   * Plain text (numbers as they come).
   * @example column.text('email', 'account.email', { sortable: true })
   */
  text(
    field: KeysOf<Row, Maybe<string | number>>,
    label: string,
    options?: ColumnOptions & TemplateOption,
  ): ColumnSpec<Row>;
  /**
   * Integer paise as rupees with Indian grouping, right-aligned: 12345678 → ₹1,23,456.78.
   * @example column.money('netDisbursedPaise', 'loan.netDisbursed')
   */
  money(
    field: KeysOf<Row, Maybe<number>>,
    label: string,
    options?: ColumnOptions & TemplateOption,
  ): ColumnSpec<Row>;
  /**
   * An India calendar date (`YYYY-MM-DD`, a business date such as a due date), as it is.
   * @example column.indiaDate('dueDate', 'order.dueDate', { sortable: true })
   */
  indiaDate(
    field: KeysOf<Row, Maybe<string>>,
    label: string,
    options?: ColumnOptions,
  ): ColumnSpec<Row>;
  /**
   * An instant (ISO) in India time, `YYYY-MM-DD HH:mm:ss`.
   * @example column.instant('at', 'common.time', { sortable: true })
   */
  instant(
    field: KeysOf<Row, Maybe<string>>,
    label: string,
    options?: ColumnOptions,
  ): ColumnSpec<Row>;
  /**
   * A status as a coloured tag with its translated label; every value must have a tag.
   * @example column.status('status', 'account.status', { enabled: { label: 'account.enabled', color: 'green' }, disabled: { label: 'account.disabled' } })
   */
  status<K extends KeysOf<Row, Maybe<string>>>(
    field: K,
    label: string,
    tags: StatusTags<Extract<Row[K], string>>,
    options?: ColumnOptions,
  ): ColumnSpec<Row>;
  /**
   * Personal data exactly as the server masked it (98•••••321). With `reveal`, a holder of
   * the reveal endpoint's grant can show one value in full; the server audits each reveal.
   * @example column.masked('phone', 'customer.phone', { reveal: { endpoint: unmaskCustomer, body: (row) => ({ customerId: row.customerId, field: 'phone' }), value: (ret) => ret.value } })
   */
  masked<E extends EndpointDefinition, const B extends EndpointBody<E>>(
    field: KeysOf<Row, Maybe<string>>,
    label: string,
    options?: ColumnOptions & { reveal?: MaskedReveal<Row, E, B> },
  ): ColumnSpec<Row>;
  /**
   * A rate held in parts per million, as a percentage: 1000 → 0.1%.
   * @example column.ppm('interestPerDayPpm', 'loanConfig.columns.interest', { template: 'loanConfig.values.perDay' })
   */
  ppm(
    field: KeysOf<Row, Maybe<number>>,
    label: string,
    options?: ColumnOptions & TemplateOption,
  ): ColumnSpec<Row>;
  /**
   * A share sent as a true fraction, as a percentage with one decimal: 0.125 → 12.5%.
   * @example column.share('conversionRate', 'channelReport.funnel.conversionRate')
   */
  share(
    field: KeysOf<Row, Maybe<number>>,
    label: string,
    options?: ColumnOptions & TemplateOption,
  ): ColumnSpec<Row>;
  /**
   * A count with Indian grouping, right-aligned.
   * @example column.count('userCount', 'role.accounts')
   */
  count(
    field: KeysOf<Row, Maybe<number>>,
    label: string,
    options?: ColumnOptions & TemplateOption,
  ): ColumnSpec<Row>;
  /**
   * A number of days: '14 days' / '14 天'.
   * @example column.days('overdueDays', 'order.overdueDays', { sortable: true })
   */
  days(field: KeysOf<Row, Maybe<number>>, label: string, options?: ColumnOptions): ColumnSpec<Row>;
  /**
   * The value as a link to another route (a detail page).
   * @example column.link('orderNo', 'order.orderNo', { to: (row) => `/loan/loanDetail?id=${row.id}` })
   */
  link(
    field: KeysOf<Row, Maybe<string | number>>,
    label: string,
    options: ColumnOptions & { to: (row: Row) => string },
  ): ColumnSpec<Row>;
  /**
   * A list field as tags.
   * @example column.tags('roles', 'account.roles', (role) => role.name)
   */
  tags<K extends KeysOf<Row, readonly unknown[]>>(
    field: K,
    label: string,
    text: (item: Row[K] extends readonly (infer I)[] ? I : never) => string,
    options?: ColumnOptions,
  ): ColumnSpec<Row>;
  /**
   * Long text cut to one line, whole in a tooltip.
   * @example column.ellipsis('userAgent', 'loginLog.userAgent', { width: 280 })
   */
  ellipsis(
    field: KeysOf<Row, Maybe<string>>,
    label: string,
    options?: ColumnOptions,
  ): ColumnSpec<Row>;
  /**
   * A two-state field as a switch that calls an endpoint; turning it off asks first. Without
   * the endpoint's grant the state shows as a tag.
   * @example column.toggle('status', 'account.status', { endpoint: editUser, on: 'enabled', off: 'disabled', body: (row, status) => ({ id: row.id, status }), labels: { on: 'account.enabled', off: 'account.disabled' }, confirmOff: 'account.disableConfirm' })
   */
  toggle<
    K extends KeysOf<Row, string | boolean>,
    E extends EndpointDefinition,
    const B extends EndpointBody<E>,
  >(
    field: K,
    label: string,
    options: ColumnOptions & {
      endpoint: E;
      on: Row[K];
      off: Row[K];
      body: (row: Row, value: Row[K]) => B;
      labels: { on: string; off: string };
      /** Translation key of the question before turning off. */
      confirmOff?: string;
      /** Translation key of the switch's accessible name (default: header and row). */
      ariaLabel?: string;
      /** Translation key of the toast after success (default 'Update Success'). */
      success?: string;
      invalidates?: readonly EndpointDefinition[];
    },
  ): ColumnSpec<Row>;
  /**
   * Anything else: the escape hatch, for cells made of several fields.
   * @example column.render('result', 'loginLog.result', (entry, t) => <LoginResultTag entry={entry} />)
   */
  render(
    key: string,
    label: string,
    render: (row: Row, t: TFunction) => ReactNode,
    options?: ColumnOptions,
  ): ColumnSpec<Row>;
}

function MaskedCell<Row>({
  row,
  masked,
  label,
  reveal,
  context,
}: {
  row: Row;
  masked: string;
  label: string;
  reveal: MaskedReveal<Row> | undefined;
  context: CellContext;
}) {
  const { t } = useTranslation();
  const { can } = useGrants();
  const [shown, setShown] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const text = <span className="list-masked">{shown ?? masked}</span>;
  if (!reveal || shown !== null || !can(reveal.endpoint)) return text;
  const run = async () => {
    setPending(true);
    try {
      setShown(reveal.value(await api.call(reveal.endpoint, reveal.body(row))));
    } catch {
      // The request client has shown the server's message.
    } finally {
      setPending(false);
    }
  };
  return (
    <span className="list-masked-cell">
      {text}
      <Tooltip title={t('listPage.revealHint')}>
        <Button
          size="small"
          type="text"
          icon={<EyeOutlined />}
          loading={pending}
          aria-label={t('listPage.reveal', { column: t(label), row: context.rowLabel })}
          onClick={() =>
            feedback.confirm({
              title: t('common.tips'),
              content: t('listPage.revealConfirm', { column: t(label), row: context.rowLabel }),
              okText: t('common.ok'),
              cancelText: t('common.cancel'),
              onOk: run,
            })
          }
        />
      </Tooltip>
    </span>
  );
}

interface ToggleOptions<Row> {
  field: string;
  label: string;
  endpoint: EndpointDefinition;
  on: unknown;
  off: unknown;
  body: (row: Row, value: never) => unknown;
  labels: { on: string; off: string };
  confirmOff?: string;
  ariaLabel?: string;
  success?: string;
  invalidates?: readonly EndpointDefinition[];
  listEndpoint: EndpointDefinition;
}

function ToggleCell<Row>({
  row,
  options,
  context,
}: {
  row: Row;
  options: ToggleOptions<Row>;
  context: CellContext;
}) {
  const { t } = useTranslation();
  const { can } = useGrants();
  const change = useEndpointMutation(options.endpoint, {
    invalidates: [options.listEndpoint, ...(options.invalidates ?? [])],
  });
  const isOn = fieldOf(row, options.field) === options.on;
  if (!can(options.endpoint)) {
    return (
      <Tag color={isOn ? 'green' : 'default'}>
        {t(isOn ? options.labels.on : options.labels.off)}
      </Tag>
    );
  }
  const set = (value: unknown) =>
    change.mutate(options.body(row, value as never) as never, {
      onSuccess: () => feedback.success(t(options.success ?? 'messages.updateSuccess')),
    });
  return (
    <Switch
      checked={isOn}
      loading={change.isPending}
      aria-label={
        options.ariaLabel
          ? translate(t, options.ariaLabel, row)
          : `${t(options.label)}: ${context.rowLabel}`
      }
      checkedChildren={t(options.labels.on)}
      unCheckedChildren={t(options.labels.off)}
      onChange={(turnOn) => {
        if (turnOn || !options.confirmOff) {
          set(turnOn ? options.on : options.off);
          return;
        }
        feedback.confirm({
          title: t('common.tips'),
          content: translate(t, options.confirmOff, row),
          okText: t('common.ok'),
          cancelText: t('common.cancel'),
          okButtonProps: { danger: true },
          onOk: () => set(options.off),
        });
      }}
    />
  );
}

/**
 * The column builders bound to a list endpoint. The object is the same for every list; only
 * its type knows the row.
 */
export function columnBuilders<Row>(listEndpoint: EndpointDefinition): ColumnBuilders<Row> {
  return {
    text: (field, label, options = {}) =>
      fieldColumn<Row>(field, label, options, (value: string | number) => String(value)),

    money: (field, label, options = {}) =>
      fieldColumn<Row>(
        field,
        label,
        { numeric: true, ...options },
        (value: number) => formatPaise(value),
        { kind: 'money' },
      ),

    indiaDate: (field, label, options = {}) =>
      fieldColumn<Row>(field, label, options, (value: string) => value, { kind: 'date' }),

    instant: (field, label, options = {}) =>
      fieldColumn<Row>(field, label, options, (value: string) => formatIndiaDateTime(value), {
        kind: 'instant',
      }),

    status: (field, label, tags, options = {}) =>
      fieldColumn<Row>(
        field,
        label,
        options,
        (value: string, { t }) => {
          const tag = (tags as Record<string, { label: string; color?: string }>)[value];
          return tag ? <Tag color={tag.color}>{t(tag.label)}</Tag> : value;
        },
        {
          kind: 'text',
          values: Object.fromEntries(
            Object.entries(tags as Record<string, { label: string }>).map(([value, tag]) => [
              value,
              tag.label,
            ]),
          ),
        },
      ),

    masked: (field, label, { reveal, ...options } = {}) =>
      fieldColumn<Row>(field, label, options, (value: string, context, row) => (
        <MaskedCell
          row={row}
          masked={value}
          label={label}
          reveal={reveal as MaskedReveal<Row> | undefined}
          context={context}
        />
      )),

    ppm: (field, label, options = {}) =>
      fieldColumn<Row>(field, label, options, (value: number) => formatPpmPercent(value), {
        kind: 'ppm',
      }),

    share: (field, label, options = {}) =>
      fieldColumn<Row>(
        field,
        label,
        { numeric: true, ...options },
        (value: number) => formatShare(value),
        { kind: 'share' },
      ),

    count: (field, label, options = {}) =>
      fieldColumn<Row>(
        field,
        label,
        { numeric: true, ...options },
        (value: number) => groupIndianDigits(String(value)),
        { kind: 'count' },
      ),

    days: (field, label, options = {}) =>
      fieldColumn<Row>(
        field,
        label,
        options,
        (value: number, { t }) => t('listPage.days', { count: value }),
        { kind: 'count' },
      ),

    link: (field, label, { to, ...options }) =>
      fieldColumn<Row>(field, label, options, (value: string | number, _context, row) => (
        <Link to={to(row)}>{String(value)}</Link>
      )),

    tags: (field, label, text, options = {}) =>
      fieldColumn<Row>(field, label, options, (items: readonly never[]) =>
        items.map((item, index) => <Tag key={index}>{text(item)}</Tag>),
      ),

    ellipsis: (field, label, { width = 280, ...options } = {}) =>
      fieldColumn<Row>(field, label, options, (value: string) => (
        <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: width }}>
          {value}
        </Typography.Text>
      )),

    toggle: (field, label, { endpoint, on, off, body, labels, ...rest }) => {
      const { confirmOff, ariaLabel, success, invalidates, ...options } = rest;
      const toggle: ToggleOptions<Row> = {
        field,
        label,
        endpoint,
        on,
        off,
        body: body as ToggleOptions<Row>['body'],
        labels,
        listEndpoint,
        ...(confirmOff ? { confirmOff } : {}),
        ...(ariaLabel ? { ariaLabel } : {}),
        ...(success ? { success } : {}),
        ...(invalidates ? { invalidates } : {}),
      };
      return fieldColumn<Row>(
        field,
        label,
        options,
        (_value: unknown, context, row) => (
          <ToggleCell row={row} options={toggle} context={context} />
        ),
        { kind: 'text', values: { [String(on)]: labels.on, [String(off)]: labels.off } },
      );
    },

    render: (key, label, render, options = {}) => ({
      key,
      label,
      // The row's field of the same name, when it has one (a cell of several fields exports
      // the one it is keyed by; a key that is no field leaves the column empty).
      export: { field: key, kind: 'text' },
      ...(options.hiddenByDefault ? { hiddenByDefault: true } : {}),
      ...(options.width ? { width: options.width } : {}),
      ...(options.fixed ? { fixed: options.fixed } : {}),
      ...(options.sortable ? { sortField: key } : {}),
      render: (row, { t }) => render(row, t),
    }),
  };
}
