import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Progress, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_API_BASE,
  EXPORT_DOWNLOAD_PATH,
  type ExportJobRow,
  type ExportStatus,
  exportApi,
} from '@lending/contract';
import { api } from '../../../lib/api';
import { getToken } from '../../../lib/cookies';
import { feedback } from '../../../lib/feedback';
import { formatIndiaDateTime, groupIndianDigits } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { endpointKey } from '../../../lib/use-endpoint';

const STATUS_COLOURS: Record<ExportStatus, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  expired: 'default',
};

/** While an export is being made, the page asks again this often. */
export const DOWNLOAD_PAGE_POLL_MS = 2_000;

function formatSize(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Fetches the file with the session's X-Token (the token never goes into a URL) and hands it
 * to the browser as a download under its own name.
 */
export async function downloadExport(job: Pick<ExportJobRow, 'id' | 'fileName'>): Promise<void> {
  const token = getToken();
  const response = await fetch(`${ADMIN_API_BASE}${EXPORT_DOWNLOAD_PATH}?id=${job.id}`, {
    headers: { ...(token ? { 'X-Token': token } : {}), LANGUAGE: currentLanguage().toUpperCase() },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { msg?: string } | null;
    throw new Error(body?.msg ?? response.statusText);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = job.fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * /download/index: the signed-in user's exports, newest first, with status, progress, rows,
 * size and expiry; a finished one downloads. The server lists and serves only the user's own.
 */
export function DownloadPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [downloading, setDownloading] = useState<number | null>(null);
  const query = useQuery({
    queryKey: endpointKey(exportApi.listMyExports, page),
    queryFn: () => api.call(exportApi.listMyExports, page),
    refetchInterval: (current) =>
      current.state.data?.list.some((job) => job.status === 'queued' || job.status === 'running')
        ? DOWNLOAD_PAGE_POLL_MS
        : false,
  });

  const download = async (job: ExportJobRow) => {
    setDownloading(job.id);
    try {
      await downloadExport(job);
    } catch (error) {
      feedback.error(`${t('exports.downloadFailed')}: ${(error as Error).message}`, 5_000);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Card title={<h1 className="page-heading">{t('route.download')}</h1>}>
      <div className="list-toolbar">
        <Typography.Text type="secondary">{t('exports.intro')}</Typography.Text>
        <Tooltip title={t('listPage.refresh')}>
          <Button
            icon={<ReloadOutlined spin={query.isFetching} />}
            aria-label={t('listPage.refresh')}
            onClick={() => void query.refetch()}
          />
        </Tooltip>
      </div>
      <Table<ExportJobRow>
        rowKey="id"
        loading={query.isLoading}
        dataSource={query.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('exports.empty') }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: query.data?.total ?? 0,
          showTotal: (total) => t('common.total', { total }),
          onChange: (next, pageSize) => setPage({ page: next, pageSize }),
        }}
        columns={[
          {
            key: 'title',
            title: t('exports.list'),
            render: (_, job) => (
              <>
                <div>{job.title}</div>
                <Typography.Text type="secondary">{job.fileName}</Typography.Text>
              </>
            ),
          },
          {
            key: 'status',
            title: t('exports.status'),
            render: (_, job) => (
              <Tag color={STATUS_COLOURS[job.status]}>{t(`exports.${job.status}`)}</Tag>
            ),
          },
          {
            key: 'progress',
            title: t('exports.progress'),
            render: (_, job) => (
              <Progress
                percent={job.progressPercent}
                size="small"
                status={job.status === 'failed' ? 'exception' : undefined}
                style={{ width: 120 }}
              />
            ),
          },
          {
            key: 'rows',
            title: t('exports.rows'),
            align: 'right',
            render: (_, job) =>
              job.status === 'done' || job.totalRows === null
                ? groupIndianDigits(String(job.rowsWritten))
                : t('exports.rowsOf', {
                    written: groupIndianDigits(String(job.rowsWritten)),
                    total: groupIndianDigits(String(job.totalRows)),
                  }),
          },
          {
            key: 'size',
            title: t('exports.size'),
            align: 'right',
            render: (_, job) => formatSize(job.sizeBytes),
          },
          {
            key: 'createdAt',
            title: t('exports.createdAt'),
            render: (_, job) => formatIndiaDateTime(job.createdAt),
          },
          {
            key: 'expiresAt',
            title: t('exports.expiresAt'),
            render: (_, job) => (job.expiresAt ? formatIndiaDateTime(job.expiresAt) : '—'),
          },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, job) =>
              job.status === 'done' ? (
                <Button
                  type="link"
                  icon={<DownloadOutlined />}
                  loading={downloading === job.id}
                  aria-label={t('exports.downloadOf', { file: job.fileName })}
                  onClick={() => void download(job)}
                >
                  {t('exports.download')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
