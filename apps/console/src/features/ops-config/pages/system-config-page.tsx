import { Typography } from 'antd';
import { type SettingGroup, type SystemSetting, opsConfigApi } from '@lending/contract';
import { listPage, type ActionFormProps, type ListKit } from '../../../components/list-page';
import { SettingFormDialog } from '../components/setting-form-dialog';

/**
 * /systemConfig/systemConfig (and /toolMage/systemConfig2, read as the operations
 * settings: the day-end's time and the collection conduct guard's hours and cap, decision
 * 0044): configuration items, item, value, type, remarks. The server reads the known items
 * through a cached settings service: a save applies at once. The operations settings are a
 * fixed set the server reads, so that screen edits them but adds none.
 */
function settingsList(group: SettingGroup, route: string) {
  const Form = (props: ActionFormProps<SystemSetting>) => (
    <SettingFormDialog {...props} group={group} />
  );
  return ({ column, filter, action }: ListKit<typeof opsConfigApi.listSettings>) => ({
    route,
    fixedFilters: { group },
    rowKey: (setting: SystemSetting) => setting.item,
    rowLabel: (setting: SystemSetting) => setting.item,
    filters: [filter.text('item', 'opsConfig.setting.item')],
    columns: [
      column.text('item', 'opsConfig.setting.item', { sortable: true }),
      column.render('value', 'opsConfig.setting.value', (setting) =>
        setting.type === 'array' ? (
          <span>{setting.value.split(',').join(' · ')}</span>
        ) : (
          setting.value
        ),
      ),
      column.render('type', 'opsConfig.setting.type', (setting, t) =>
        t(`opsConfig.setting.types.${setting.type}`),
      ),
      column.text('remarks', 'opsConfig.setting.remarks'),
      column.render(
        'readBy',
        'opsConfig.setting.readBy',
        (setting, t) =>
          setting.readBy ?? (
            <Typography.Text type="secondary">{t('opsConfig.setting.notRead')}</Typography.Text>
          ),
      ),
      column.instant('updatedAt', 'opsConfig.updatedAt', { sortable: true }),
      column.text('updatedBy', 'opsConfig.updatedBy'),
    ],
    toolbar:
      group === 'general'
        ? [action.form('opsConfig.setting.new', Form, { needs: opsConfigApi.saveSetting })]
        : [],
    rowActions: [
      action.form('common.edit', Form, { needs: opsConfigApi.saveSetting }),
      action.call(opsConfigApi.deleteSetting, {
        label: 'common.delete',
        body: (setting) => ({ item: setting.item }),
        hidden: (setting) => setting.known,
        confirm: 'opsConfig.setting.deleteConfirm',
        danger: true,
        success: 'messages.deleteSuccess',
      }),
    ],
  });
}

export const SystemConfigPage = listPage(
  opsConfigApi.listSettings,
  settingsList('general', 'systemConfig'),
);
export const SystemConfig2Page = listPage(
  opsConfigApi.listSettings,
  settingsList('operations', 'systemConfig2'),
);
