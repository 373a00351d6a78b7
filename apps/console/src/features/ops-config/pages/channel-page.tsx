import { type Channel, opsConfigApi } from '@lending/contract';
import { listPage, type StatusTags } from '../../../components/list-page';
import { ChannelFormDialog } from '../components/channel-form-dialog';

const statusTags: StatusTags<Channel['status']> = {
  available: { label: 'opsConfig.channel.available', color: 'green' },
  unavailable: { label: 'opsConfig.channel.unavailable' },
};

/**
 * /toolMage/channelManagement: acquisition channels (code, name, partner, link,
 * status) and how many borrowers registered through each (the borrower API records the
 * channel code a registration came by).
 */
export const ChannelPage = listPage(opsConfigApi.listChannels, ({ column, filter, action }) => ({
  route: 'channelManagement',
  rowKey: (channel) => channel.code,
  rowLabel: (channel) => channel.name,
  filters: [
    filter.text('code', 'opsConfig.channel.search'),
    filter.status('status', 'opsConfig.channel.status', statusTags),
  ],
  columns: [
    column.text('code', 'opsConfig.channel.code', { sortable: true }),
    column.text('name', 'opsConfig.channel.name'),
    column.text('partner', 'opsConfig.channel.partner'),
    column.ellipsis('link', 'opsConfig.channel.link'),
    column.count('registrations', 'opsConfig.channel.registrations'),
    column.status('status', 'opsConfig.channel.status', statusTags),
    column.instant('updatedAt', 'opsConfig.updatedAt', { sortable: true }),
  ],
  toolbar: [
    action.form('opsConfig.channel.new', ChannelFormDialog, { needs: opsConfigApi.saveChannel }),
  ],
  rowActions: [action.form('common.edit', ChannelFormDialog, { needs: opsConfigApi.saveChannel })],
}));
