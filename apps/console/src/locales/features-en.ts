import { approval as enApproval } from './en/approval';
import { channelReport as enChannelReport } from './en/channel-report';
import { recovery as enRecovery } from './en/recovery';
import { coupon as enCoupon } from './en/coupon';
import { disbursement as enDisbursement } from './en/disbursement';
import { exports as enExports } from './en/exports';
import { finance as enFinance } from './en/finance';
import { listPage as enListPage } from './en/list-page';
import { loanConfig as enLoanConfig } from './en/loan-config';
import { marketingSms as enMarketingSms } from './en/marketing-sms';
import { navbarSearch as enNavbarSearch } from './en/navbar-search';
import { offlineRepay as enOfflineRepay } from './en/offline-repay';
import { opsConfig as enOpsConfig } from './en/ops-config';
import { order as enOrder } from './en/order';
import { power as enPower } from './en/power';
import { remarketing as enRemarketing } from './en/remarketing';
import { repay as enRepay } from './en/repay';
import { risk as enRisk } from './en/risk';
import { telemarketing as enTelemarketing } from './en/telemarketing';
import { verification as enVerification } from './en/verification';
import { wallet as enWallet } from './en/wallet';

/**
 * Every feature's English texts (not the shell's or the route titles, which the console starts
 * with: locales/first-load.ts). The signed-in layout loads this chunk
 * (lib/i18n-catalogues.ts).
 */
export const enFeatures: Record<string, unknown> = {
  ...enPower,
  ...enLoanConfig,
  ...enListPage,
  ...enOrder,
  ...enDisbursement,
  ...enRepay,
  ...enApproval,
  ...enRisk,
  ...enOfflineRepay,
  ...enRecovery,
  ...enNavbarSearch,
  ...enFinance,
  ...enOpsConfig,
  ...enExports,
  ...enRemarketing,
  ...enChannelReport,
  ...enMarketingSms,
  ...enWallet,
  ...enCoupon,
  ...enTelemarketing,
  ...enVerification,
};
