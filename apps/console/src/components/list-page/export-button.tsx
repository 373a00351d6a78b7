import { DownloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type EndpointDefinition, exportApi } from '@lending/contract';
import { feedback } from '../../lib/feedback';
import { useGrants } from '../../lib/grants';
import { useEndpointMutation } from '../../lib/use-endpoint';
import { DOWNLOAD_PAGE_PATH } from './download-page-path';
import type { ListPageState } from './use-list-page';

/**
 * Export: starts a background export of the list as the user sees it (filters, sort, visible
 * columns with their headers in the user's language), tells them to collect it from the download
 * page (docs/product.md §9), and offers the way there. It cannot be pressed twice while the request
 * is on its way; each press is one more export.
 */
/**
 * What Export needs of a list: the request it would send and the screen's route (and, for a
 * view that is one of several lists on a screen, its own title key). A list page's state is
 * one; a view built without the list page (the ledger reads of FinancialList) makes its own.
 */
export interface ExportSource<E extends EndpointDefinition> {
  exportRequest: ListPageState<E>['exportRequest'];
  spec: { route: string; title?: string };
}

export function ExportButton<E extends EndpointDefinition>({ list }: { list: ExportSource<E> }) {
  const { t } = useTranslation();
  const { can } = useGrants();
  const start = useEndpointMutation(exportApi.startExport, {
    invalidates: [exportApi.listMyExports],
  });
  const [started, setStarted] = useState(false);
  const request = list.exportRequest;
  if (!request || !can(exportApi.startExport, request.endpoint)) return null;
  const columns = request.columns.map(({ label, field, kind, values }) => ({
    field,
    header: t(label),
    kind,
    ...(values
      ? { values: Object.fromEntries(Object.entries(values).map(([v, key]) => [v, t(key)])) }
      : {}),
  }));
  return (
    <Space size="small">
      <Button
        icon={<DownloadOutlined />}
        loading={start.isPending}
        disabled={columns.length === 0}
        onClick={() =>
          start.mutate(
            {
              endpoint: request.endpoint.id,
              route: list.spec.route,
              title: t(list.spec.title ?? `route.${list.spec.route}`),
              ...(request.filters && Object.keys(request.filters).length > 0
                ? { filters: request.filters }
                : {}),
              ...(request.sort ? { sort: request.sort } : {}),
              columns,
            },
            {
              onSuccess: () => {
                setStarted(true);
                feedback.success(t('exports.started'));
              },
            },
          )
        }
      >
        {t('exports.export')}
      </Button>
      {started ? <Link to={DOWNLOAD_PAGE_PATH}>{t('exports.goToDownloads')}</Link> : null}
    </Space>
  );
}
