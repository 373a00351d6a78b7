import type { ComponentType } from 'react';

/** Loads one page module; each is its own chunk. */
export type PageLoader = () => Promise<ComponentType>;

/**
 * Route names bound to their page modules. A business route without an entry uses the
 * not-built page until its issue lands.
 */
export const pageRegistry: Partial<Record<string, PageLoader>> = {
  Login: () => import('../features/auth/pages/login-page').then((m) => m.LoginPage),
  ChangePassword: () =>
    import('../features/auth/pages/change-password-page').then((m) => m.ChangePasswordPage),
  Dashboard: () =>
    import('../features/dashboard/pages/dashboard-page').then((m) => m.DashboardPage),
  Profile: () => import('../features/profile/pages/profile-page').then((m) => m.ProfilePage),
  role: () => import('../features/power/pages/role-page').then((m) => m.RolePage),
  account: () => import('../features/power/pages/account-page').then((m) => m.AccountPage),
  powerMenu: () => import('../features/power/pages/menu-page').then((m) => m.MenuPage),
  powerInterface: () =>
    import('../features/power/pages/interface-page').then((m) => m.InterfacePage),
  loginLog: () => import('../features/system-log/pages/login-log-page').then((m) => m.LoginLogPage),
  log: () =>
    import('../features/system-log/pages/operation-log-page').then((m) => m.OperationLogPage),
  firstLoanConfig: () =>
    import('../features/loan-config/pages/loan-config-page').then((m) => m.FirstLoanConfigPage),
  reLoanConfig: () =>
    import('../features/loan-config/pages/loan-config-page').then((m) => m.ReLoanConfigPage),
  orderList: () => import('../features/orders/pages/order-list-page').then((m) => m.OrderListPage),
  loanDetail: () =>
    import('../features/orders/pages/order-detail-page').then((m) => m.LoanDetailPage),
  overdueRepaymentDetail: () =>
    import('../features/orders/pages/order-detail-page').then((m) => m.OverdueRepaymentDetailPage),
  waitLoanList: () =>
    import('../features/disbursement/pages/wait-loan-list-page').then((m) => m.WaitLoanListPage),
  loanRecord: () =>
    import('../features/disbursement/pages/loan-record-page').then((m) => m.LoanRecordPage),
  loanFlow: () =>
    import('../features/disbursement/pages/loan-flow-page').then((m) => m.LoanFlowPage),
  repayPlan: () => import('../features/repay/pages/repay-plan-page').then((m) => m.RepayPlanPage),
  repaymentRecord: () =>
    import('../features/repay/pages/repayment-record-page').then((m) => m.RepaymentRecordPage),
  repayQuery: () =>
    import('../features/repay/pages/repay-query-page').then((m) => m.RepayQueryPage),
};

export const loadNotBuiltPage = () =>
  import('../features/not-built/not-built-page').then((m) => m.NotBuiltPage);
