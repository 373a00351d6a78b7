import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ExportJobRow, exportApi } from '@lending/contract';
import { setToken } from '../../../lib/cookies';
import { fakeEndpoints } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { DownloadPage } from './download-page';

configure({ asyncUtilTimeout: 20_000, defaultHidden: true });

function job(id: number, overrides: Partial<ExportJobRow> = {}): ExportJobRow {
  return {
    id,
    route: 'orderList',
    title: 'Order list',
    fileName: `orderList-2025-01-15-${id}.xlsx`,
    status: 'done',
    rowsWritten: 1234,
    totalRows: 1234,
    progressPercent: 100,
    sizeBytes: 52_224,
    createdAt: '2025-01-15T04:30:00.000Z',
    finishedAt: '2025-01-15T04:31:00.000Z',
    expiresAt: '2025-01-18T04:31:00.000Z',
    error: null,
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DownloadPage', () => {
  it('lists my exports with status, progress, rows, size and expiry; only a finished one downloads', async () => {
    fakeEndpoints([
      [
        exportApi.listMyExports,
        () => ({
          list: [
            job(3, {
              status: 'running',
              rowsWritten: 200,
              totalRows: 1000,
              progressPercent: 20,
              sizeBytes: null,
              finishedAt: null,
              expiresAt: null,
            }),
            job(2),
            job(1, { status: 'failed', progressPercent: 0, rowsWritten: 0, expiresAt: null }),
          ],
          total: 3,
        }),
      ],
    ]);
    renderAt(<DownloadPage />, '/download/index');
    const running = (await screen.findByText('orderList-2025-01-15-3.xlsx')).closest('tr')!;
    expect(within(running).getByText('Executing')).toBeInTheDocument();
    expect(within(running).getByText('200 of 1,000')).toBeInTheDocument();
    expect(within(running).queryByRole('button', { name: /Download/ })).toBeNull();

    const done = screen.getByText('orderList-2025-01-15-2.xlsx').closest('tr')!;
    expect(within(done).getByText('Ready')).toBeInTheDocument();
    expect(within(done).getByText('1,234')).toBeInTheDocument();
    expect(within(done).getByText('51.0 KB')).toBeInTheDocument();
    expect(within(done).getByText('2025-01-18 10:01:00')).toBeInTheDocument();
    expect(
      within(done).getByRole('button', { name: 'Download orderList-2025-01-15-2.xlsx' }),
    ).toBeInTheDocument();

    const failed = screen.getByText('orderList-2025-01-15-1.xlsx').closest('tr')!;
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).queryByRole('button', { name: /Download/ })).toBeNull();
  });

  it('downloads with the session token in a header (never in the URL), under the file’s name', async () => {
    fakeEndpoints([[exportApi.listMyExports, () => ({ list: [job(2)], total: 1 })]]);
    setToken('secret-token');
    const fetchMock = vi.fn(async () => new Response(new Blob(['xlsx']), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });

    renderAt(<DownloadPage />, '/download/index');
    const button = await screen.findByRole('button', {
      name: 'Download orderList-2025-01-15-2.xlsx',
    });
    await userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }).click(button);
    await waitFor(() => expect(clicked).toEqual(['orderList-2025-01-15-2.xlsx']));
    expect(fetchMock).toHaveBeenCalledWith(
      '/admin-api/export/download?id=2',
      expect.objectContaining({
        headers: expect.objectContaining({ 'X-Token': 'secret-token' }),
      }),
    );
  });

  it('says so when there is no export yet', async () => {
    fakeEndpoints([[exportApi.listMyExports, () => ({ list: [], total: 0 })]]);
    renderAt(<DownloadPage />, '/download/index');
    await screen.findByText('No exports yet: use Export on a list.');
  });
});
