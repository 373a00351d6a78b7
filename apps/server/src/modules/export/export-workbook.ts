import type { Writable } from 'node:stream';
import type { ExportColumn } from '@lending/contract';
import ExcelJS from 'exceljs';

/** India time of an instant, as the console shows it: `YYYY-MM-DD HH:mm:ss`. */
function indiaDateTime(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return new Date(instant.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** ₹ with Indian grouping (1,23,456.78); Excel allows two conditions and a default. */
const RUPEES_FORMAT =
  '[>=10000000]"₹"#\\,##\\,##\\,##0.00;[>=100000]"₹"#\\,##\\,##0.00;"₹"#,##0.00';

export function cellOf(column: ExportColumn, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  if (column.values && (typeof value === 'string' || typeof value === 'boolean')) {
    return column.values[String(value)] ?? String(value);
  }
  switch (column.kind) {
    case 'money':
      return typeof value === 'number' ? value / 100 : String(value);
    case 'ppm':
      return typeof value === 'number' ? value / 1_000_000 : String(value);
    case 'count':
    case 'share':
      return typeof value === 'number' ? value : String(value);
    case 'instant':
      return typeof value === 'string' ? indiaDateTime(value) : String(value);
    case 'date':
    case 'text':
      if (typeof value === 'string' || typeof value === 'number') return value;
      if (typeof value === 'boolean') return String(value);
      if (Array.isArray(value)) {
        return value
          .map((item) =>
            item && typeof item === 'object' && 'name' in item ? String(item.name) : String(item),
          )
          .join(', ');
      }
      return null;
  }
}

export function numberFormat(kind: ExportColumn['kind']): string | undefined {
  if (kind === 'money') return RUPEES_FORMAT;
  if (kind === 'ppm') return '0.00##%';
  if (kind === 'share') return '0.0%';
  if (kind === 'count') return '#,##0';
  return undefined;
}

/**
 * A workbook of one sheet streamed into `stream`: named after the export's title, a bold
 * header row that stays in view, a column per export column with its number format. Each row
 * is written out as it is added, so the workbook holds none in memory.
 */
export function openWorkbook(stream: Writable, title: string, columns: ExportColumn[]) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column, index) => {
    const format = numberFormat(column.kind);
    return {
      header: column.header,
      key: `c${index}`,
      width: Math.min(Math.max(column.header.length + 4, column.kind === 'instant' ? 20 : 14), 40),
      ...(format ? { style: { numFmt: format } } : {}),
    };
  });
  sheet.getRow(1).font = { bold: true };
  return {
    /** One row of the list's answer, its cells in the export's columns. */
    addRow(row: Record<string, unknown>): void {
      sheet
        .addRow(Object.fromEntries(columns.map((c, i) => [`c${i}`, cellOf(c, row[c.field])])))
        .commit();
    },
    /** The sheet and the workbook finished: the file's last bytes written. */
    async commit(): Promise<void> {
      sheet.commit();
      await workbook.commit();
    },
  };
}
