import type { ComponentType } from 'react';
import { consoleQueryClient } from '../lib/query-client';

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
  Download: () => import('../features/exports/pages/download-page').then((m) => m.DownloadPage),
  role: () => import('../features/power/pages/role-page').then((m) => m.RolePage),
  account: () => import('../features/power/pages/account-page').then((m) => m.AccountPage),
  powerMenu: () => import('../features/power/pages/menu-page').then((m) => m.MenuPage),
  powerInterface: () =>
    import('../features/power/pages/interface-page').then((m) => m.InterfacePage),
  loginLog: () => import('../features/audit/pages/login-log-page').then((m) => m.LoginLogPage),
  log: () => import('../features/audit/pages/operation-log-page').then((m) => m.OperationLogPage),
  firstLoanConfig: () =>
    import('../features/loan-config/pages/loan-config-page').then((m) => m.FirstLoanConfigPage),
  reLoanConfig: () =>
    import('../features/loan-config/pages/loan-config-page').then((m) => m.ReLoanConfigPage),
  orderList: () => import('../features/orders/pages/order-list-page').then((m) => m.OrderListPage),
  clearNotLoan: () =>
    import('../features/orders/pages/clear-not-loan-page').then((m) => m.ClearNotLoanPage),
  regNotLoan: () =>
    import('../features/orders/pages/reg-not-loan-page').then((m) => m.RegNotLoanPage),
  collectionOrder: () =>
    import('../features/orders/pages/collection-order-page').then((m) => m.CollectionOrderPage),
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
  repaymentReview: () =>
    import('../features/repay/pages/repayment-review-page').then((m) => m.RepaymentReviewPage),
  overdueRepayment: () =>
    import('../features/repay/pages/overdue-repayment-page').then((m) => m.OverdueRepaymentPage),
  exceedingRepaymentRecord: () =>
    import('../features/repay/pages/exceeding-repayment-page').then(
      (m) => m.ExceedingRepaymentPage,
    ),
  repayQuery: () =>
    import('../features/repay/pages/repay-query-page').then((m) => m.RepayQueryPage),
  machinerReviewPass: () =>
    import('../features/approval/pages/machine-review-pages').then((m) => m.MachinerReviewPassPage),
  machinerReviewReject: () =>
    import('../features/approval/pages/machine-review-pages').then(
      (m) => m.MachinerReviewRejectPage,
    ),
  machinerDetail: () =>
    import('../features/approval/pages/machine-detail-page').then((m) => m.MachinerDetailPage),
  machinerDetailReject: () =>
    import('../features/approval/pages/machine-detail-page').then(
      (m) => m.MachinerDetailRejectPage,
    ),
  reviewFirstWait: () =>
    import('../features/approval/pages/queue-pages').then((m) => m.ReviewFirstWaitPage),
  reviewFirstPass: () =>
    import('../features/approval/pages/queue-pages').then((m) => m.ReviewFirstPassPage),
  reviewFirstReject: () =>
    import('../features/approval/pages/queue-pages').then((m) => m.ReviewFirstRejectPage),
  reviewFinalWait: () =>
    import('../features/approval/pages/queue-pages').then((m) => m.ReviewFinalWaitPage),
  reviewFinalPass: () =>
    import('../features/approval/pages/queue-pages').then((m) => m.ReviewFinalPassPage),
  reviewFinalReject: () =>
    import('../features/approval/pages/queue-pages').then((m) => m.ReviewFinalRejectPage),
  reviewGroup: () =>
    import('../features/approval/pages/review-group-page').then((m) => m.ReviewGroupPage),
  reviewerManage: () =>
    import('../features/approval/pages/reviewer-manage-page').then((m) => m.ReviewerManagePage),
  reviewList: () =>
    import('../features/approval/pages/review-list-page').then((m) => m.ReviewListPage),
  approvalDetail: () =>
    import('../features/approval/pages/approval-detail-page').then((m) => m.ApprovalDetailPage),
  approvalRejection: () =>
    import('../features/approval/pages/approval-rejection-page').then(
      (m) => m.ApprovalRejectionPage,
    ),
  OrderLoan: () => import('../features/finance/pages/order-loan-page').then((m) => m.OrderLoanPage),
  RepaymentOrder: () =>
    import('../features/finance/pages/repayment-order-page').then((m) => m.RepaymentOrderPage),
  FinancialList: () =>
    import('../features/finance/pages/financial-list-page').then((m) => m.FinancialListPage),
  dailyOrderAnalysis: () =>
    import('../features/finance/pages/daily-order-analysis-page').then(
      (m) => m.DailyOrderAnalysisPage,
    ),
  orderOverdue: () =>
    import('../features/finance/pages/order-overdue-page').then((m) => m.OrderOverduePage),
  channelMonitoring: () =>
    import('../features/channel-report/pages/channel-monitoring-page').then(
      (m) => m.ChannelMonitoringPage,
    ),
  conversionRate: () =>
    import('../features/channel-report/pages/conversion-rate-page').then(
      (m) => m.ConversionRatePage,
    ),
  registrationReport: () =>
    import('../features/channel-report/pages/registration-report-page').then(
      (m) => m.RegistrationReportPage,
    ),
  borrowAgainRate: () =>
    import('../features/channel-report/pages/borrow-again-rate-page').then(
      (m) => m.BorrowAgainRatePage,
    ),
  channelConversionRate: () =>
    import('../features/channel-report/pages/channel-conversion-rate-page').then(
      (m) => m.ChannelConversionRatePage,
    ),
  pipelineAnalysis: () =>
    import('../features/channel-report/pages/pipeline-analysis-page').then(
      (m) => m.PipelineAnalysisPage,
    ),
  appConfig: () =>
    import('../features/ops-config/pages/app-config-page').then((m) => m.AppConfigPage),
  systemConfig: () =>
    import('../features/ops-config/pages/system-config-page').then((m) => m.SystemConfigPage),
  systemConfig2: () =>
    import('../features/ops-config/pages/system-config-page').then((m) => m.SystemConfig2Page),
  CCFOnly: () =>
    import('../features/ops-config/pages/app-version-page').then((m) => m.AppVersionPage),
  addCCFOnly: () =>
    import('../features/ops-config/pages/add-app-version-page').then((m) => m.AddAppVersionPage),
  SMSManagement: () =>
    import('../features/ops-config/pages/sms-template-page').then((m) => m.SmsTemplatePage),
  smsConfig: () =>
    import('../features/ops-config/pages/sms-config-page').then((m) => m.SmsConfigPage),
  smsSendManage: () =>
    import('../features/ops-config/pages/sms-message-page').then((m) => m.SmsMessagePage),
  customerVerifyCode: () =>
    import('../features/ops-config/pages/verify-code-page').then((m) => m.VerifyCodePage),
  trxStatistcs: () =>
    import('../features/ops-config/pages/trx-statistics-page').then((m) => m.TrxStatisticsPage),
  channelManagement: () =>
    import('../features/ops-config/pages/channel-page').then((m) => m.ChannelPage),
  riskRuleList: () =>
    import('../features/risk/pages/risk-rule-list-page').then((m) => m.RiskRuleListPage),
  riskRuleConfig: () =>
    import('../features/risk/pages/risk-rule-config-page').then((m) => m.RiskRuleConfigPage),
  riskConfig: () => import('../features/risk/pages/risk-config-page').then((m) => m.RiskConfigPage),
  ruleHitRate: () =>
    import('../features/risk/pages/rule-hit-rate-page').then((m) => m.RuleHitRatePage),
  ruleHitRateDetail: () =>
    import('../features/risk/pages/rule-hit-rate-detail-page').then((m) => m.RuleHitRateDetailPage),
  riskRuleAnalysis: () =>
    import('../features/risk/pages/risk-rule-analysis-page').then((m) => m.RiskRuleAnalysisPage),
  singleRiskRuleAnalysis: () =>
    import('../features/risk/pages/single-risk-rule-analysis-page').then(
      (m) => m.SingleRiskRuleAnalysisPage,
    ),
  dataStatistics: () =>
    import('../features/risk/pages/data-statistics-page').then((m) => m.DataStatisticsPage),
  blacklist: () => import('../features/risk/pages/blacklist-page').then((m) => m.BlacklistPage),
  // Collection and pre-collection (issue #12).
  collectionOrderAll: () =>
    import('../features/recovery/pages/case-list-pages').then((m) => m.CollectionOrderAllPage),
  collectionOrderFinish: () =>
    import('../features/recovery/pages/case-list-pages').then((m) => m.CollectionOrderFinishPage),
  preCollectionOrderList: () =>
    import('../features/recovery/pages/case-list-pages').then((m) => m.PreCollectionOrderListPage),
  preCollectionOrderProcessingList: () =>
    import('../features/recovery/pages/case-list-pages').then(
      (m) => m.PreCollectionOrderProcessingListPage,
    ),
  myOrderList: () =>
    import('../features/recovery/pages/case-list-pages').then((m) => m.MyOrderListPage),
  myOrderProcessingList: () =>
    import('../features/recovery/pages/case-list-pages').then((m) => m.MyOrderProcessingListPage),
  collectionDispatchManage: () =>
    import('../features/recovery/pages/dispatch-pages').then((m) => m.CollectionDispatchPage),
  dispatchManage: () =>
    import('../features/recovery/pages/dispatch-pages').then((m) => m.PreDispatchPage),
  collectioGroupManage: () =>
    import('../features/recovery/pages/group-collector-pages').then((m) => m.CollectionGroupPage),
  groupManage: () =>
    import('../features/recovery/pages/group-collector-pages').then((m) => m.PreGroupPage),
  collectionUserManage: () =>
    import('../features/recovery/pages/group-collector-pages').then((m) => m.CollectionUserPage),
  userManage: () =>
    import('../features/recovery/pages/group-collector-pages').then((m) => m.PreUserPage),
  collectionRepayOrder: () =>
    import('../features/recovery/pages/case-detail-page').then((m) => m.CollectionRepayOrderPage),
  collectionRepayedOrder: () =>
    import('../features/recovery/pages/case-detail-page').then((m) => m.CollectionRepayedOrderPage),
  preCollectionList: () =>
    import('../features/recovery/pages/case-detail-page').then((m) => m.PreCollectionListPage),
  collectionDailyProcess: () =>
    import('../features/recovery/pages/report-pages').then((m) => m.CollectionDailyProcessPage),
  preDailyProcess: () =>
    import('../features/recovery/pages/report-pages').then((m) => m.PreDailyProcessPage),
  performance2: () =>
    import('../features/recovery/pages/stage-flow-page').then((m) => m.StageFlowPage),
  performance: () =>
    import('../features/recovery/pages/report-pages').then((m) => m.PerformancePage),
  summaryCollectinOrders: () =>
    import('../features/recovery/pages/report-pages').then((m) => m.SummaryCollectinOrdersPage),
  // Marketing SMS campaigns (/toolMage).
  marketingSMS: () =>
    import('../features/marketing-sms/pages/marketing-sms-page').then((m) => m.MarketingSmsPage),
  marketingSendSMS: () =>
    import('../features/marketing-sms/pages/marketing-send-sms-page').then(
      (m) => m.MarketingSendSmsPage,
    ),
  invitationRecord: () =>
    import('../features/wallet/pages/invitation-record-page').then((m) => m.InvitationRecordPage),
  withdrawal: () =>
    import('../features/wallet/pages/withdrawal-page').then((m) => m.WithdrawalPage),
  walletConfig: () =>
    import('../features/wallet/pages/wallet-config-page').then((m) => m.WalletConfigPage),
  balanceQuery: () =>
    import('../features/wallet/pages/balance-query-page').then((m) => m.BalanceQueryPage),
  recharge: () => import('../features/wallet/pages/recharge-page').then((m) => m.RechargePage),
  couponList: () =>
    import('../features/coupon/pages/coupon-list-page').then((m) => m.CouponListPage),
  filterUsers: () =>
    import('../features/coupon/pages/filter-users-page').then((m) => m.FilterUsersPage),
  couponSendingRecord: () =>
    import('../features/coupon/pages/coupon-sending-record-page').then(
      (m) => m.CouponSendingRecordPage,
    ),
  userList: () =>
    import('../features/telemarketing/pages/user-list-page').then((m) => m.UserListPage),
  checkList: () =>
    import('../features/telemarketing/pages/check-list-page').then((m) => m.CheckListPage),
  telemarketingRate: () =>
    import('../features/telemarketing/pages/telemarketing-rate-page').then(
      (m) => m.TelemarketingRatePage,
    ),
};

/** Starts a page's first call for the page at this path, into the console's query cache. */
export type PagePrefetch = (pagePath: string) => Promise<void>;

/**
 * Pages whose first call goes out as soon as the address is known, with user_info, rather than
 * after the layout and the page have rendered (issue #15: the dashboard is the page a sign-in
 * opens; decision 0093). The page reads the same query, so it finds the answer or the call on
 * its way.
 */
export const pagePrefetches: Partial<Record<string, PagePrefetch>> = {
  Dashboard: (pagePath) =>
    import('../features/dashboard/api/use-dashboard-summary').then((m) =>
      m.prefetchDashboardSummary(consoleQueryClient, pagePath),
    ),
};

export const loadNotBuiltPage = () =>
  import('../features/not-built/not-built-page').then((m) => m.NotBuiltPage);
