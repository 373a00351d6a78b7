import type { Language } from '@lending/contract';
import { routes as burRoutes } from './bur/routes';
import { shell as burShell } from './bur/shell';
import { approval as enApproval } from './en/approval';
import { collection as enCollection } from './en/collection';
import { disbursement as enDisbursement } from './en/disbursement';
import { finance as enFinance } from './en/finance';
import { exports as enExports } from './en/exports';
import { remarketing as enRemarketing } from './en/remarketing';
import { listPage as enListPage } from './en/list-page';
import { loanConfig as enLoanConfig } from './en/loan-config';
import { navbarSearch as enNavbarSearch } from './en/navbar-search';
import { opsConfig as enOpsConfig } from './en/ops-config';
import { order as enOrder } from './en/order';
import { power as enPower } from './en/power';
import { offlineRepay as enOfflineRepay } from './en/offline-repay';
import { repay as enRepay } from './en/repay';
import { risk as enRisk } from './en/risk';
import { routes as enRoutes } from './en/routes';
import { shell as enShell } from './en/shell';
import { marketingSms as enMarketingSms } from './en/marketing-sms';
import { wallet as enWallet } from './en/wallet';
import { approval as zhApproval } from './zh/approval';
import { collection as zhCollection } from './zh/collection';
import { disbursement as zhDisbursement } from './zh/disbursement';
import { finance as zhFinance } from './zh/finance';
import { exports as zhExports } from './zh/exports';
import { remarketing as zhRemarketing } from './zh/remarketing';
import { listPage as zhListPage } from './zh/list-page';
import { loanConfig as zhLoanConfig } from './zh/loan-config';
import { navbarSearch as zhNavbarSearch } from './zh/navbar-search';
import { opsConfig as zhOpsConfig } from './zh/ops-config';
import { order as zhOrder } from './zh/order';
import { power as zhPower } from './zh/power';
import { offlineRepay as zhOfflineRepay } from './zh/offline-repay';
import { repay as zhRepay } from './zh/repay';
import { risk as zhRisk } from './zh/risk';
import { routes as zhRoutes } from './zh/routes';
import { channelReport as enChannelReport } from './en/channel-report';
import { channelReport as zhChannelReport } from './zh/channel-report';
import { shell as zhShell } from './zh/shell';
import { marketingSms as zhMarketingSms } from './zh/marketing-sms';
import { wallet as zhWallet } from './zh/wallet';
import { coupon as enCoupon } from './en/coupon';
import { coupon as zhCoupon } from './zh/coupon';
import { telemarketing as enTelemarketing } from './en/telemarketing';
import { telemarketing as zhTelemarketing } from './zh/telemarketing';
import { verification as enVerification } from './en/verification';
import { verification as zhVerification } from './zh/verification';

/**
 * One `translation` namespace per language: the shell texts, every feature's texts, and route
 * titles under `route`. The sign-in page starts with `firstLoadResources` (locales/first-load.ts);
 * the signed-in layout adds these (lib/i18n-catalogues.ts).
 */
export const resources: Record<Language, { translation: Record<string, unknown> }> = {
  en: {
    translation: {
      ...enShell,
      ...enPower,
      ...enLoanConfig,
      ...enListPage,
      ...enOrder,
      ...enDisbursement,
      ...enRepay,
      ...enApproval,
      ...enRisk,
      ...enOfflineRepay,
      ...enCollection,
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
      route: enRoutes,
    },
  },
  zh: {
    translation: {
      ...zhShell,
      ...zhPower,
      ...zhLoanConfig,
      ...zhListPage,
      ...zhOrder,
      ...zhDisbursement,
      ...zhRepay,
      ...zhApproval,
      ...zhRisk,
      ...zhOfflineRepay,
      ...zhCollection,
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
      route: zhRoutes,
    },
  },
  bur: { translation: { ...burShell, route: burRoutes } },
};
