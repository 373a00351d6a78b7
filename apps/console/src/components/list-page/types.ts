import type { TFunction } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import type { Rule } from 'antd/es/form';
import type {
  EndpointBody,
  EndpointDefinition,
  EndpointRet,
  ExportColumnKind,
} from '@lending/contract';

/** The row type of a list endpoint: what its `ret.list` holds. */
export type RowOf<E> = EndpointRet<E> extends { list: readonly (infer R)[] } ? R : never;

/** The filters a list endpoint takes (its body's `filters`, as the caller sends them). */
export type FiltersOf<E> =
  EndpointBody<E> extends { filters?: infer F } ? Exclude<F, undefined> : never;

/** The names of `T`'s fields whose values are `V`. */
export type KeysOf<T, V> = {
  [K in keyof T]-?: T[K] extends V ? K : never;
}[keyof T] &
  string;

/**
 * A text of the screen: a translation key, or a function of the row choosing one. The key is
 * translated with the row's fields as its values, so `'account.deleteConfirm'` may say
 * `{{email}}`.
 */
export type Text<Row> = string | ((row: Row) => string);

/** A status value's look: its translated label and its tag colour. */
export interface StatusTag {
  label: string;
  color?: string;
}

/** Every value of a status field with its tag; a value left out fails to compile. */
export type StatusTags<V extends string> = Record<V, StatusTag>;

export interface CellContext {
  t: TFunction;
  /** How the screen names the row (aria-labels of its buttons, confirmations). */
  rowLabel: string;
}

export interface ColumnOptions {
  /** The list can be sorted by this column: the server sorts by the field (decision 0020). */
  sortable?: boolean;
  /** Shown only after the user turns it on in the column settings. */
  hiddenByDefault?: boolean;
  width?: number;
  /** Keeps the column in view while the table scrolls sideways. */
  fixed?: 'start' | 'end';
}

/** How a column goes into the background export's .xlsx (set by the column builders). */
export interface ColumnExport {
  /** The row field written. */
  field: string;
  kind: ExportColumnKind;
  /** Translation keys of a status's or switch's values: the sheet shows their labels. */
  values?: Readonly<Record<string, string>>;
}

export interface ColumnSpec<Row> {
  /** Identifies the column in the settings; the row field for field columns. */
  key: string;
  /** Translation key of the header. */
  label: string;
  /** The `sort.field` sent when the user sorts by this column. */
  sortField?: string;
  align?: 'start' | 'end';
  hiddenByDefault?: boolean;
  width?: number;
  fixed?: 'start' | 'end';
  /** What the export writes for this column; without it the column is left out of the file. */
  export?: ColumnExport;
  render(row: Row, context: CellContext): ReactNode;
}

/** The form control and URL binding of one filter (or of a pair, for ranges). */
export interface FilterSpec {
  /** The form field's name. */
  key: string;
  /** Translation key of the label. */
  label: string;
  /** The body's filter names this control sets. */
  fields: readonly string[];
  /** The control's value from the filters in effect. */
  toForm(filters: Readonly<Record<string, unknown>>): unknown;
  /** The filters from the control's value (undefined: not filtered). */
  fromForm(value: unknown): Record<string, unknown>;
  rules?(t: TFunction): Rule[];
  Control: ComponentType<FilterControlProps>;
}

export interface FilterControlProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  label: string;
}

/** What shows an action only to those allowed: every endpoint it calls must be granted. */
type Needs = EndpointDefinition | readonly EndpointDefinition[];

interface RowActionBase<Row> {
  label: Text<Row>;
  /** Not offered on this row. */
  hidden?: (row: Row) => boolean;
  /** Offered but not pressable on this row; the text (a translation key) says why. */
  disabled?: (row: Row) => string | false;
  danger?: boolean | ((row: Row) => boolean);
}

/** Props of the component an `action.form` opens: a modal or drawer for one row (or none). */
export interface ActionFormProps<Row> {
  open: boolean;
  /** The row it was opened on; undefined from the toolbar. */
  row: Row | undefined;
  onClose(): void;
}

/** Props of the component a bulk `action.bulkForm` opens, for the selected rows. */
export interface BulkFormProps<Row> {
  open: boolean;
  rows: readonly Row[];
  onClose(): void;
  /** Closes and clears the selection: the action is done. */
  onDone(): void;
}

export interface FormAction<Row> extends RowActionBase<Row> {
  kind: 'form';
  needs: Needs;
  Component: ComponentType<ActionFormProps<Row>>;
}

export interface CallAction<Row> extends RowActionBase<Row> {
  kind: 'call';
  endpoint: EndpointDefinition;
  body(row: Row): unknown;
  /** Asks first (a translation key); a dangerous action should. */
  confirm?: Text<Row>;
  /** Translation key of the toast after success. */
  success: string;
  /** Endpoints besides the list whose answers the call changes. */
  invalidates: readonly EndpointDefinition[];
}

export interface LinkAction<Row> extends RowActionBase<Row> {
  kind: 'link';
  needs: Needs;
  to(row: Row): string;
}

export type RowAction<Row> = FormAction<Row> | CallAction<Row> | LinkAction<Row>;

/** Toolbar actions act on no row: a form opened empty (its `row` is undefined). */
export type ToolbarAction<Row> = FormAction<Row>;

export interface BulkCallAction<Row> {
  kind: 'bulkCall';
  label: string;
  endpoint: EndpointDefinition;
  body(rows: readonly Row[]): unknown;
  /** Translation key; `{{count}}` is the number of rows selected. */
  confirm?: string;
  success: string;
  invalidates: readonly EndpointDefinition[];
  danger?: boolean;
}

export interface BulkFormAction<Row> {
  kind: 'bulkForm';
  label: string;
  needs: Needs;
  Component: ComponentType<BulkFormProps<Row>>;
  danger?: boolean;
}

export type BulkAction<Row> = BulkCallAction<Row> | BulkFormAction<Row>;

/** The description of one list screen: the facts only it knows. */
export interface ListSpec<E extends EndpointDefinition> {
  /** The spec's route name: the page heading is its title, column settings are kept under it. */
  route: string;
  /**
   * The list's title (a translation key) when it is not its route's: a list in a tab of
   * another route's page keeps its own column settings under its own `route` and names its
   * exports by this title.
   */
  title?: string;
  endpoint: E;
  /** Filters the screen always sends (e.g. the product kind); the URL cannot change them. */
  fixedFilters?: Partial<FiltersOf<E>>;
  filters?: readonly FilterSpec[];
  columns: readonly ColumnSpec<RowOf<E>>[];
  toolbar?: readonly ToolbarAction<RowOf<E>>[];
  rowActions?: readonly RowAction<RowOf<E>>[];
  bulkActions?: readonly BulkAction<RowOf<E>>[];
  /** How the screen names a row in button labels and confirmations (default `#id`). */
  rowLabel?: (row: RowOf<E>) => string;
  /** The row's unique key (default its `id`). */
  rowKey?: (row: RowOf<E>) => string | number;
  /** Default page size (20). */
  pageSize?: number;
  /**
   * Export in the background (decision 0033): every list of a granted endpoint has an
   * Export button for holders of `export.start`, writing the visible columns with the list's
   * filters, sort and masking. `false` turns it off for a list that must never leave the screen.
   */
  exportable?: boolean;
}
