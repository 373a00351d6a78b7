import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.js';
import { readXlsxRows, runImport, xlsxBytesOf, paiseOfRupees } from './xlsx-import.js';
import { buildZip, WORKBOOK_SHELL } from './zip-fixtures.js';
import { inspectXlsxZip, ZipRefused } from './zip-inspection.js';

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('not refused');
}

const COLUMNS = [
  { key: 'name', headers: ['name', '名称'], required: true },
  { key: 'amount', headers: ['amount'], required: true },
  { key: 'note', headers: ['note'] },
] as const;

describe('the .xlsx import kit', () => {
  it('reads a real workbook and reports each row accepted or refused with why', async () => {
    const bytes = await workbook([
      ['Name', 'Amount', 'Note'],
      ['Asha', 12.5, 'first'],
      ['', 'x', null],
      [],
      ['Ravi', '1,200.00', null],
    ]);
    const upload = { fileName: 'batch.xlsx', contentBase64: bytes.toString('base64') };
    const rows = await readXlsxRows(xlsxBytesOf(upload), COLUMNS);
    expect(rows.map((r) => r.row)).toEqual([2, 3, 5]);
    let id = 0;
    const report = await runImport('batch.xlsx', rows, async ({ values }) => {
      if (!values.name) throw AppError.invalid('name', 'cannot be empty');
      if (paiseOfRupees(values.amount) === null) throw AppError.invalid('amount', 'not money');
      return { id: ++id };
    });
    expect(report).toEqual({
      fileName: 'batch.xlsx',
      accepted: 2,
      refused: 1,
      rows: [
        { row: 2, status: 'accepted', reason: null, id: 1 },
        { row: 3, status: 'refused', reason: 'name: cannot be empty', id: null },
        { row: 5, status: 'accepted', reason: null, id: 2 },
      ],
    });
    expect(paiseOfRupees('1,200.00')).toBe(120_000);
    expect(paiseOfRupees(12.5)).toBe(1_250);
  });

  it('refuses a file that is not .xlsx, by name and by content', async () => {
    expect(
      refusal(() => xlsxBytesOf({ fileName: 'list.csv', contentBase64: 'YSxi' })).params.field,
    ).toBe('fileName');
    const csv = refusal(() =>
      xlsxBytesOf({
        fileName: 'list.xlsx',
        contentBase64: Buffer.from('a,b\n1,2').toString('base64'),
      }),
    );
    expect(csv.params).toMatchObject({
      field: 'contentBase64',
      detail: 'the file is not an .xlsx workbook',
    });
    // A zip that is not a workbook (no workbook part).
    const zip = buildZip([{ name: 'a.txt', data: Buffer.from('hello') }]);
    expect(
      refusal(() => xlsxBytesOf({ fileName: 'a.xlsx', contentBase64: zip.toString('base64') }))
        .params.detail,
    ).toBe('the file is not an .xlsx workbook');
  });

  it('refuses more than 10M', () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    big.writeUInt32LE(0x04034b50, 0);
    const error = refusal(() =>
      xlsxBytesOf({ fileName: 'big.xlsx', contentBase64: big.toString('base64') }),
    );
    expect(error.params).toMatchObject({
      field: 'contentBase64',
      detail: 'upload file size cannot exceed 10M',
    });
  });

  it('refuses a zip bomb before parsing: by ratio, by declared size, and when sizes lie', () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    const bomb = buildZip([...WORKBOOK_SHELL, { name: 'xl/worksheets/sheet1.xml', data: zeros }]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(() => inspectXlsxZip(bomb)).toThrow(ZipRefused);
    try {
      inspectXlsxZip(bomb);
    } catch (error) {
      expect((error as ZipRefused).reason).toBe('ratioTooHigh');
    }
    // Sizes that lie: declared small, expands far beyond → stopped at the declared size.
    const liar = buildZip([
      ...WORKBOOK_SHELL,
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(5 * 1024 * 1024), declaredSize: 1000 },
    ]);
    try {
      inspectXlsxZip(liar);
      throw new Error('not refused');
    } catch (error) {
      expect((error as ZipRefused).reason).toBe('sizeMismatch');
    }
    // Too many entries.
    const many = buildZip([
      ...WORKBOOK_SHELL,
      ...Array.from({ length: 1001 }, (_, i) => ({ name: `x/${i}`, data: Buffer.from('a') })),
    ]);
    try {
      inspectXlsxZip(many);
      throw new Error('not refused');
    } catch (error) {
      expect((error as ZipRefused).reason).toBe('tooManyEntries');
    }
    const error = refusal(() =>
      xlsxBytesOf({ fileName: 'bomb.xlsx', contentBase64: bomb.toString('base64') }),
    );
    expect(error.params.field).toBe('contentBase64');
  });

  it('refuses a workbook without a required column, naming it', async () => {
    const bytes = await workbook([['Name'], ['Asha']]);
    await expect(readXlsxRows(bytes, COLUMNS)).rejects.toMatchObject({
      params: { field: 'contentBase64', detail: 'missing column(s): amount' },
    });
  });
});
