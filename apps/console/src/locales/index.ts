import type { Language } from '@lending/contract';
import { routes as burRoutes } from './bur/routes';
import { shell as burShell } from './bur/shell';
import { disbursement as enDisbursement } from './en/disbursement';
import { listPage as enListPage } from './en/list-page';
import { loanConfig as enLoanConfig } from './en/loan-config';
import { navbarSearch as enNavbarSearch } from './en/navbar-search';
import { order as enOrder } from './en/order';
import { power as enPower } from './en/power';
import { repay as enRepay } from './en/repay';
import { routes as enRoutes } from './en/routes';
import { shell as enShell } from './en/shell';
import { disbursement as zhDisbursement } from './zh/disbursement';
import { listPage as zhListPage } from './zh/list-page';
import { loanConfig as zhLoanConfig } from './zh/loan-config';
import { navbarSearch as zhNavbarSearch } from './zh/navbar-search';
import { order as zhOrder } from './zh/order';
import { power as zhPower } from './zh/power';
import { repay as zhRepay } from './zh/repay';
import { routes as zhRoutes } from './zh/routes';
import { shell as zhShell } from './zh/shell';

/** One `translation` namespace per language: the shell texts plus route titles under `route`. */
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
      ...enNavbarSearch,
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
      ...zhNavbarSearch,
      route: zhRoutes,
    },
  },
  bur: { translation: { ...burShell, route: burRoutes } },
};
