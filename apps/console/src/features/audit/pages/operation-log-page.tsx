import { Typography } from 'antd';
import { adminEndpoints, auditApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { OperationDetailDrawer } from '../components/operation-detail-drawer';
import { actorText } from '../operation-text';

const moduleOptions = [...new Set(adminEndpoints.map((endpoint) => endpoint.module))].map(
  (module) => ({ value: module, label: module }),
);

/** /systemConfig/log: every call that changed data; one entry in a drawer. */
export const OperationLogPage = listPage(auditApi.operationLog, ({ column, filter, action }) => ({
  route: 'log',
  filters: [
    filter.text('actor', 'operationLog.actor', { placeholder: 'operationLog.actorPlaceholder' }),
    filter.select('module', 'operationLog.module', () => moduleOptions),
    filter.text('targetType', 'operationLog.targetType'),
    filter.text('targetId', 'operationLog.targetId'),
    filter.indiaDateRange('dateFrom', 'dateTo'),
  ],
  columns: [
    column.instant('at', 'common.time', { sortable: true }),
    column.render('actor', 'operationLog.actor', actorText),
    column.render('action', 'operationLog.action', (entry) => (
      <Typography.Text code>{entry.action}</Typography.Text>
    )),
    column.text('summary', 'operationLog.summary'),
    column.render('target', 'operationLog.target', (entry) =>
      `${entry.targetType} ${entry.targetId}`.trim(),
    ),
    column.text('ip', 'operationLog.address'),
  ],
  rowActions: [
    action.form('common.detail', OperationDetailDrawer, { needs: auditApi.operationLogDetail }),
  ],
}));
