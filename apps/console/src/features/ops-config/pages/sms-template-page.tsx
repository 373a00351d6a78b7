import { type SmsTemplate, opsConfigApi } from '@lending/contract';
import { listPage, type StatusTags } from '../../../components/list-page';
import { SmsTemplateFormDialog } from '../components/sms-template-form-dialog';

const categoryTags: StatusTags<SmsTemplate['category']> = {
  transactional: { label: 'opsConfig.sms.categories.transactional', color: 'blue' },
  service: { label: 'opsConfig.sms.categories.service', color: 'green' },
  promotional: { label: 'opsConfig.sms.categories.promotional', color: 'orange' },
};

/**
 * /toolMage/SMSManagement: the DLT-registered templates. Only an enabled template is
 * sent: the server refuses (409) a message whose template is disabled or unknown.
 */
export const SmsTemplatePage = listPage(
  opsConfigApi.listSmsTemplates,
  ({ column, filter, action }) => ({
    route: 'SMSManagement',
    rowKey: (template) => template.code,
    rowLabel: (template) => template.name,
    filters: [
      filter.text('text', 'opsConfig.sms.search'),
      filter.status('category', 'opsConfig.sms.category', categoryTags),
    ],
    columns: [
      column.text('code', 'opsConfig.sms.code', { sortable: true }),
      column.text('name', 'opsConfig.sms.name'),
      column.text('dltTemplateId', 'opsConfig.sms.dltTemplateId'),
      column.text('senderId', 'opsConfig.sms.senderId'),
      column.status('category', 'opsConfig.sms.category', categoryTags),
      column.render('language', 'opsConfig.sms.language', (template, t) =>
        t(`opsConfig.sms.languages.${template.language}`),
      ),
      column.ellipsis('text', 'opsConfig.sms.text'),
      column.tags('variables', 'opsConfig.sms.variables', (variable) => variable),
      column.toggle('enabled', 'opsConfig.sms.enabled', {
        endpoint: opsConfigApi.setSmsTemplateEnabled,
        on: true,
        off: false,
        body: (template, enabled) => ({ code: template.code, enabled }),
        labels: { on: 'opsConfig.sms.on', off: 'opsConfig.sms.off' },
        confirmOff: 'opsConfig.sms.disableConfirm',
      }),
      column.instant('updatedAt', 'opsConfig.updatedAt', { sortable: true }),
    ],
    toolbar: [
      action.form('opsConfig.sms.newTemplate', SmsTemplateFormDialog, {
        needs: opsConfigApi.saveSmsTemplate,
      }),
    ],
    rowActions: [
      action.form('common.edit', SmsTemplateFormDialog, { needs: opsConfigApi.saveSmsTemplate }),
    ],
  }),
);
