import type { EndpointDefinition, ExportColumnKind } from '@lending/contract';
import { ExportButton } from '../../../components/list-page';

export interface LedgerExportColumn {
  /** The translation key of the header (the export writes it in the user's language). */
  label: string;
  field: string;
  kind: ExportColumnKind;
}

/**
 * Export of a ledger read: the reads are lists (decision 0064), so the list kit's background
 * export writes the rows the view shows, for the range it shows, into an .xlsx on the
 * download page. The file and the download page name FinancialList, with the view's title.
 */
export function LedgerExport<E extends EndpointDefinition>(props: {
  endpoint: E;
  filters: Record<string, string>;
  /** The view's tab label key. */
  title: string;
  columns: readonly LedgerExportColumn[];
}) {
  return (
    <ExportButton
      list={{
        spec: { route: 'FinancialList', title: props.title },
        exportRequest: {
          endpoint: props.endpoint,
          filters: props.filters,
          sort: undefined,
          columns: [...props.columns],
        },
      }}
    />
  );
}
