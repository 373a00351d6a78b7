/**
 * The list kit: a list screen is a description of its facts (docs/adding-a-list-screen.md,
 * docs/decisions/0024).
 */
export {
  describeList,
  listPage,
  ListFilters,
  ListPageView,
  ListTable,
  ListToolbar,
} from './list-page';
export type { ListKit } from './list-page';
export { useListPage, type ListPageState } from './use-list-page';
export { ExportButton, type ExportSource } from './export-button';
export type { MaskedReveal } from './columns';
export type { FilterOption } from './filters';
export type {
  ActionFormProps,
  BulkFormProps,
  FiltersOf,
  ListSpec,
  RowOf,
  StatusTags,
} from './types';
