import { remarketingApi } from '@lending/contract';
import { listPage, type StatusTags } from '../../../components/list-page';
import { RegNotLoanSmsDialog, selectedSmsNeeds } from '../components/selected-sms-dialog';

const kycTags: StatusTags<'registered' | 'profile' | 'bankVerified'> = {
  registered: { label: 'remarketing.kyc.registered' },
  profile: { label: 'remarketing.kyc.profile', color: 'blue' },
  bankVerified: { label: 'remarketing.kyc.bankVerified', color: 'green' },
};

const bankTags: StatusTags<'none' | 'pending' | 'verified' | 'failed'> = {
  none: { label: 'remarketing.bank.none' },
  pending: { label: 'remarketing.bank.pending', color: 'gold' },
  verified: { label: 'remarketing.bank.verified', color: 'green' },
  failed: { label: 'remarketing.bank.failed', color: 'red' },
};

/**
 * /order/regNotLoan: borrowers registered in the app who never applied: when, from
 * which channel, and how far KYC got (profile saved, bank account verified). Export (the list
 * kit's) and Send SMS, a marketing SMS campaign to the selected users (decision 0067).
 */
export const RegNotLoanPage = listPage(
  remarketingApi.listRegNotLoan,
  ({ column, filter, action }) => ({
    route: 'regNotLoan',
    rowLabel: (row) => row.phone,
    filters: [
      filter.text('phone', 'order.phone', { placeholder: 'order.phonePlaceholder' }),
      filter.channel('channel', 'remarketing.channel'),
      filter.indiaDateRange('registeredFrom', 'registeredTo', 'remarketing.registeredRange'),
      filter.status('kyc', 'remarketing.kycProgress', kycTags),
    ],
    columns: [
      // No reveal here: many of these borrowers have no loan-book customer yet to unmask.
      column.masked('phone', 'order.phone'),
      column.masked('customerName', 'order.customerName'),
      column.indiaDate('registrationDate', 'remarketing.registrationDate', { sortable: true }),
      column.days('daysSinceRegistration', 'remarketing.daysSinceRegistration'),
      column.text('channel', 'remarketing.channel'),
      column.status('kyc', 'remarketing.kycProgress', kycTags),
      column.status('bankVerification', 'remarketing.bankVerification', bankTags),
    ],
    bulkActions: [
      action.bulkForm('remarketing.sms.button', RegNotLoanSmsDialog, { needs: selectedSmsNeeds }),
    ],
  }),
);
