import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { type Campaign, type CampaignStatus, marketingSmsApi } from '@lending/contract';
import { listPage, type ActionFormProps, type StatusTags } from '../../../components/list-page';

const statusTags: StatusTags<CampaignStatus> = {
  scheduled: { label: 'marketingSms.status.scheduled', color: 'gold' },
  sending: { label: 'marketingSms.status.sending', color: 'blue' },
  completed: { label: 'marketingSms.status.completed', color: 'green' },
  cancelled: { label: 'marketingSms.status.cancelled' },
};

/** The toolbar's "New campaign": the form has its own route (marketingSendSMS). */
function GoToNewCampaign({ open, onClose }: ActionFormProps<Campaign>) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!open) return;
    onClose();
    void navigate('/toolMage/marketingSendSMS');
  }, [open, onClose, navigate]);
  return null;
}

/**
 * /toolMage/marketingSMS: every campaign with its progress and delivery figures —
 * audience size, sent, delivered, failed, skipped (opted out, blacklisted), still to send.
 */
export const MarketingSmsPage = listPage(
  marketingSmsApi.listCampaigns,
  ({ column, filter, action }) => ({
    route: 'marketingSMS',
    filters: [
      filter.text('name', 'marketingSms.name'),
      filter.status('status', 'marketingSms.statusLabel', statusTags),
    ],
    columns: [
      column.text('name', 'marketingSms.name'),
      column.render('template', 'marketingSms.template', (campaign) =>
        campaign.templateName
          ? `${campaign.templateName} (${campaign.templateCode})`
          : campaign.templateCode,
      ),
      column.render('audienceSource', 'marketingSms.audience', (campaign, t) =>
        campaign.selectedRows === null
          ? t(`marketingSms.source.${campaign.audienceSource}`)
          : t('marketingSms.selectedOn', {
              list: t(`marketingSms.source.${campaign.audienceSource}`),
              count: campaign.selectedRows,
            }),
      ),
      column.count('audienceSize', 'marketingSms.audienceSize'),
      column.count('sent', 'marketingSms.sent'),
      column.count('delivered', 'marketingSms.delivered'),
      column.count('failed', 'marketingSms.failed'),
      column.count('optedOut', 'marketingSms.optedOut'),
      column.count('blacklisted', 'marketingSms.blacklisted', { hiddenByDefault: true }),
      column.count('pending', 'marketingSms.pending'),
      column.status('status', 'marketingSms.statusLabel', statusTags),
      column.instant('sendAt', 'marketingSms.sendAt', { sortable: true }),
      column.text('createdBy', 'marketingSms.createdBy'),
      column.instant('createdAt', 'marketingSms.createdAt', { sortable: true }),
      column.text('text', 'marketingSms.text', { hiddenByDefault: true }),
    ],
    toolbar: [
      action.form('marketingSms.new', GoToNewCampaign, { needs: marketingSmsApi.createCampaign }),
    ],
    rowActions: [
      action.call(marketingSmsApi.cancelCampaign, {
        label: 'marketingSms.cancel',
        body: (campaign) => ({ id: campaign.id }),
        hidden: (campaign) => campaign.status === 'completed' || campaign.status === 'cancelled',
        confirm: 'marketingSms.cancelConfirm',
        danger: true,
      }),
    ],
    rowLabel: (campaign) => campaign.name,
  }),
);
