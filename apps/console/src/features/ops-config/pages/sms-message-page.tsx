import { opsConfigApi } from '@lending/contract';
import { listPage, type StatusTags } from '../../../components/list-page';

type SmsStatus = 'queued' | 'sent' | 'delivered' | 'failed';
const statusTags: StatusTags<SmsStatus> = {
  queued: { label: 'opsConfig.sms.status.queued' },
  sent: { label: 'opsConfig.sms.status.sent', color: 'blue' },
  delivered: { label: 'opsConfig.sms.status.delivered', color: 'green' },
  failed: { label: 'opsConfig.sms.status.failed', color: 'red' },
};

/**
 * /toolMage/smsSendManage: every SMS handed to the gateway, its delivery status from
 * the gateway's receipts, the phone masked (searched exactly).
 */
export const SmsMessagePage = listPage(opsConfigApi.listSmsMessages, ({ column, filter }) => ({
  route: 'smsSendManage',
  filters: [
    filter.text('phone', 'opsConfig.sms.phone'),
    filter.text('templateCode', 'opsConfig.sms.code'),
    filter.status('status', 'opsConfig.sms.statusLabel', statusTags),
    filter.indiaDateRange('dateFrom', 'dateTo'),
  ],
  columns: [
    column.instant('sentAt', 'opsConfig.sms.sentAt', { sortable: true }),
    column.text('phone', 'opsConfig.sms.phone'),
    column.render('template', 'opsConfig.sms.template', (message) =>
      message.templateName
        ? `${message.templateName} (${message.templateCode})`
        : message.templateCode,
    ),
    column.status('status', 'opsConfig.sms.statusLabel', statusTags),
    column.text('errorCode', 'opsConfig.sms.errorCode'),
    column.text('provider', 'opsConfig.sms.provider'),
    column.text('gatewayId', 'opsConfig.sms.gatewayId', { hiddenByDefault: true }),
    column.instant('updatedAt', 'opsConfig.sms.statusAt'),
  ],
}));
