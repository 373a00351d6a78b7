import { approval as zhApproval } from './zh/approval';
import { channelReport as zhChannelReport } from './zh/channel-report';
import { recovery as zhRecovery } from './zh/recovery';
import { coupon as zhCoupon } from './zh/coupon';
import { disbursement as zhDisbursement } from './zh/disbursement';
import { exports as zhExports } from './zh/exports';
import { finance as zhFinance } from './zh/finance';
import { listPage as zhListPage } from './zh/list-page';
import { loanConfig as zhLoanConfig } from './zh/loan-config';
import { marketingSms as zhMarketingSms } from './zh/marketing-sms';
import { navbarSearch as zhNavbarSearch } from './zh/navbar-search';
import { offlineRepay as zhOfflineRepay } from './zh/offline-repay';
import { opsConfig as zhOpsConfig } from './zh/ops-config';
import { order as zhOrder } from './zh/order';
import { power as zhPower } from './zh/power';
import { remarketing as zhRemarketing } from './zh/remarketing';
import { repay as zhRepay } from './zh/repay';
import { risk as zhRisk } from './zh/risk';
import { telemarketing as zhTelemarketing } from './zh/telemarketing';
import { verification as zhVerification } from './zh/verification';
import { wallet as zhWallet } from './zh/wallet';

/**
 * Every feature's Chinese texts (not the shell's or the route titles, which the console starts
 * with: locales/first-load.ts). The signed-in layout loads this chunk
 * (lib/i18n-catalogues.ts).
 */
export const zhFeatures: Record<string, unknown> = {
  ...zhPower,
  ...zhLoanConfig,
  ...zhListPage,
  ...zhOrder,
  ...zhDisbursement,
  ...zhRepay,
  ...zhApproval,
  ...zhRisk,
  ...zhOfflineRepay,
  ...zhRecovery,
  ...zhNavbarSearch,
  ...zhFinance,
  ...zhOpsConfig,
  ...zhExports,
  ...zhRemarketing,
  ...zhChannelReport,
  ...zhMarketingSms,
  ...zhWallet,
  ...zhCoupon,
  ...zhTelemarketing,
  ...zhVerification,
};
