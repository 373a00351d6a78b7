/**
 * The spec's route tree (docs/product.md §2) as data, shared by the console (which binds a page to each
 * leaf) and the server (which grants route names to roles). Names are unique; a name is the
 * spec's path segment unless two segments collide (decision 0003).
 */
export interface RouteMeta {
  /** i18n key under `route.`; equal to the route name. */
  title: string;
  icon?: string;
  /** Pinned: its tab can never be closed. */
  affix?: boolean;
  /** Menu entry highlighted while this (hidden) route is shown. */
  activeMenu?: string;
  /** false: not shown in the breadcrumb. */
  breadcrumb?: boolean;
  /**
   * A query parameter whose value follows the title in the tab and the page title, so two
   * details are told apart ('Loan detail LN20250115000042').
   */
  titleQuery?: string;
}

export interface RouteNode {
  path: string;
  name?: string;
  /** 'noRedirect' makes the breadcrumb item plain text. */
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  /** An external link opened in a new tab. */
  external?: boolean;
  meta?: RouteMeta;
  children?: RouteNode[];
}

function page(
  path: string,
  name: string,
  extra: Partial<RouteNode> = {},
  meta: Partial<RouteMeta> = {},
): RouteNode {
  return { path, name, ...extra, meta: { title: name, ...meta } };
}

function hiddenPage(
  path: string,
  name: string,
  activeMenu: string,
  meta: Partial<RouteMeta> = {},
): RouteNode {
  return page(path, name, { hidden: true }, { activeMenu, ...meta });
}

/** The order detail's routes are titled with the order they show (`?orderNo=`). */
const ORDER_TITLE = { titleQuery: 'orderNo' };

function group(
  path: string,
  name: string,
  icon: string,
  redirect: string,
  children: RouteNode[],
): RouteNode {
  return { path, name, redirect, alwaysShow: true, meta: { title: name, icon }, children };
}

function subGroup(path: string, name: string, redirect: string, children: RouteNode[]): RouteNode {
  return { path, name, redirect, meta: { title: name }, children };
}

/**
 * Routes every signed-in user has (docs/product.md §2 Base routes). `/login` sits outside the
 * layout.
 */
export const constantRoutes: RouteNode[] = [
  { path: '/login', name: 'Login', hidden: true, meta: { title: 'login' } },
  {
    path: '/changePassword',
    redirect: '/changePassword/index',
    hidden: true,
    children: [page('index', 'ChangePassword', {}, { title: 'changePassword' })],
  },
  {
    path: '/profile',
    redirect: '/profile/index',
    hidden: true,
    children: [page('index', 'Profile', {}, { title: 'profile' })],
  },
  {
    // The download page of background exports (the spec's 'go to the download page'), reached
    // from the navbar; every signed-in user has it and sees only their own files.
    path: '/download',
    redirect: '/download/index',
    hidden: true,
    children: [page('index', 'Download', {}, { title: 'download' })],
  },
  { path: '/404', redirect: '/dashboard', hidden: true },
  {
    path: '/',
    redirect: '/dashboard',
    children: [
      page('dashboard', 'Dashboard', {}, { title: 'dashboard', icon: 'home', affix: true }),
    ],
  },
];

const A = '/approve';
const C = '/collection';
const P = '/precollection';
const S = '/systemConfig';
const K = '/risk';

/** The business route groups (docs/product.md §2), filtered by the roles of user_info. */
export const businessRoutes: RouteNode[] = [
  group(A, 'Approve', 'audit', `${A}/machinerReview/machinerReviewPass`, [
    subGroup('machinerReview', 'machinerReview', `${A}/machinerReview/machinerReviewPass`, [
      page('machinerReviewPass', 'machinerReviewPass'),
      page('machinerReviewReject', 'machinerReviewReject'),
      hiddenPage(
        'machinerDetailReject',
        'machinerDetailReject',
        `${A}/machinerReview/machinerReviewReject`,
      ),
      hiddenPage('machinerDetail', 'machinerDetail', `${A}/machinerReview/machinerReviewPass`),
    ]),
    subGroup('reviewFirst', 'reviewFirst', `${A}/reviewFirst/reviewFirstWait`, [
      page('reviewFirstWait', 'reviewFirstWait'),
      page('reviewFirstPass', 'reviewFirstPass'),
      page('reviewFirstReject', 'reviewFirstReject'),
    ]),
    subGroup('reviewFinal', 'reviewFinal', `${A}/reviewFinal/reviewFinalWait`, [
      page('reviewFinalWait', 'reviewFinalWait'),
      page('reviewFinalPass', 'reviewFinalPass'),
      page('reviewFinalReject', 'reviewFinalReject'),
    ]),
    page('reviewGroup', 'reviewGroup'),
    page('reviewList', 'reviewList'),
    page('reviewerManage', 'reviewerManage'),
    hiddenPage('detail', 'approvalDetail', `${A}/reviewList`),
    page('approvalRejection', 'approvalRejection'),
  ]),
  group(C, 'Collection', 'phone', `${C}/collectionDailyProcess`, [
    page('collectionDailyProcess', 'collectionDailyProcess'),
    page('collectionUserManage', 'collectionUserManage'),
    page('collectioGroupManage', 'collectioGroupManage'),
    page('collectionDispatchManage', 'collectionDispatchManage'),
    subGroup('collectionOrderManage', 'collectionOrderManage', `${C}/collectionOrderManage/all`, [
      page('all', 'collectionOrderAll'),
      page('finish', 'collectionOrderFinish'),
    ]),
    hiddenPage(
      'detail/collectionRepayOrder',
      'collectionRepayOrder',
      `${C}/collectionOrderManage/all`,
    ),
    hiddenPage(
      'detail/collectionRepayedOrder',
      'collectionRepayedOrder',
      `${C}/collectionOrderManage/finish`,
    ),
    page('performance2', 'performance2'),
  ]),
  group(P, 'Precollection', 'bell', `${P}/userManage`, [
    hiddenPage(
      'detail/preCollectionList',
      'preCollectionList',
      `${P}/preCollectionManage/orderList`,
    ),
    page('userManage', 'userManage'),
    page('groupManage', 'groupManage'),
    page('dispatchManage', 'dispatchManage'),
    subGroup('preCollectionManage', 'preCollectionManage', `${P}/preCollectionManage/orderList`, [
      page('orderList', 'preCollectionOrderList'),
      page('orderProcessingList', 'preCollectionOrderProcessingList'),
    ]),
    subGroup(
      'myPreCollectionManage',
      'myPreCollectionManage',
      `${P}/myPreCollectionManage/myOrderList`,
      [page('myOrderList', 'myOrderList'), page('myOrderProcessingList', 'myOrderProcessingList')],
    ),
    page('preDailyProcess', 'preDailyProcess'),
    page('summaryCollectinOrders', 'summaryCollectinOrders'),
    page('performance', 'performance'),
  ]),
  group('/loan', 'Loan', 'wallet', '/loan/waitLoanList', [
    page('waitLoanList', 'waitLoanList'),
    page('loanRecord', 'loanRecord'),
    page('loanFlow', 'loanFlow'),
    hiddenPage('loanDetail', 'loanDetail', '/loan/loanRecord', ORDER_TITLE),
  ]),
  group('/repay', 'Repay', 'money', '/repay/repayPlan', [
    page('repaymentReview', 'repaymentReview'),
    page('repayPlan', 'repayPlan'),
    page('repaymentRecord', 'repaymentRecord'),
    page('exceedingRepaymentRecord', 'exceedingRepaymentRecord'),
    page('overdueRepayment', 'overdueRepayment'),
    hiddenPage(
      'overdueRepaymentDetail',
      'overdueRepaymentDetail',
      '/repay/overdueRepayment',
      ORDER_TITLE,
    ),
    page('repayQuery', 'repayQuery'),
  ]),
  group('/order', 'Order', 'list', '/order/orderList', [
    page('orderList', 'orderList'),
    page('clearNotLoan', 'clearNotLoan'),
    page('regNotLoan', 'regNotLoan'),
    page('collectionOrder', 'collectionOrder'),
  ]),
  group('/financialManagement', 'FinancialManagement', 'account-book', 'noRedirect', [
    page('OrderLoan', 'OrderLoan'),
    page('RepaymentOrder', 'RepaymentOrder'),
    page('FinancialList', 'FinancialList'),
  ]),
  group('/report', 'Report', 'chart', 'noRedirect', [
    page('dailyOrderAnalysis', 'dailyOrderAnalysis'),
    page('orderOverdue', 'orderOverdue'),
    page('channelMonitoring', 'channelMonitoring'),
    page('conversionRate', 'conversionRate'),
    page('registrationReport', 'registrationReport'),
    page('borrowAgainRate', 'borrowAgainRate'),
    page('channelConversionRate', 'channelConversionRate'),
  ]),
  group(
    '/telemarketing',
    'Telemarketing',
    'customer-service',
    '/telemarketing/customerVerifyCode',
    [
      page('customerVerifyCode', 'customerVerifyCode'),
      page('userList', 'userList'),
      page('checkList', 'checkList'),
      page('telemarketingRate', 'telemarketingRate'),
    ],
  ),
  group(S, 'SystemConfig', 'setting', `${S}/appConfig`, [
    page('appConfig', 'appConfig'),
    page('systemConfig', 'systemConfig'),
    page('CCFOnly', 'CCFOnly'),
    hiddenPage('addCCFOnly', 'addCCFOnly', `${S}/CCFOnly`),
    page('log', 'log'),
    page('firstLoanConfig', 'firstLoanConfig'),
    page('reLoanConfig', 'reLoanConfig'),
    page('loginLog', 'loginLog'),
  ]),
  group('/invite', 'Invite', 'gift', '/invite/invitationRecord', [
    page('invitationRecord', 'invitationRecord'),
    page('withdrawal', 'withdrawal'),
  ]),
  group('/toolMage', 'ToolMage', 'tool', 'noRedirect', [
    page('walletConfig', 'walletConfig'),
    page('balanceQuery', 'balanceQuery'),
    page('recharge', 'recharge'),
    page('smsSendManage', 'smsSendManage'),
    page('marketingSMS', 'marketingSMS'),
    page('marketingSendSMS', 'marketingSendSMS'),
    page('SMSManagement', 'SMSManagement'),
    page('channelManagement', 'channelManagement'),
    page('pipelineAnalysis', 'pipelineAnalysis'),
    page('trxStatistcs', 'trxStatistcs'),
    page('blacklist', 'blacklist'),
    page('systemConfig2', 'systemConfig2'),
    page('smsConfig', 'smsConfig'),
  ]),
  group('/coupon', 'Coupon', 'tags', '/coupon/list', [
    page('list', 'couponList'),
    page('filterUsers', 'filterUsers'),
    page('couponSendingRecord', 'couponSendingRecord'),
  ]),
  group(K, 'Risk', 'safety', 'noRedirect', [
    page('riskRuleConfig', 'riskRuleConfig'),
    page('riskRuleList', 'riskRuleList'),
    page('ruleHitRate', 'ruleHitRate'),
    hiddenPage('ruleHitRateDetail', 'ruleHitRateDetail', `${K}/ruleHitRate`),
    page('riskRuleAnalysis', 'riskRuleAnalysis'),
    page('dataStatistics', 'dataStatistics'),
    hiddenPage('singleRiskRuleAnalysis', 'singleRiskRuleAnalysis', `${K}/riskRuleAnalysis`),
    page('riskConfig', 'riskConfig'),
  ]),
  group('/power', 'Power', 'lock', '/power/role', [
    page('role', 'role'),
    page('account', 'account'),
    hiddenPage('menu', 'powerMenu', '/power/role'),
    hiddenPage('interface', 'powerInterface', '/power/role'),
  ]),
];

/** The role name that grants everything (docs/product.md §6). */
export const ADMIN_ROLE = 'admin';

/** Every route name of the business tree, parents before children. */
export function businessRouteNames(routes: RouteNode[] = businessRoutes): string[] {
  return routes.flatMap((route) => [
    ...(route.name ? [route.name] : []),
    ...businessRouteNames(route.children ?? []),
  ]);
}

/**
 * Admin sees everything; others see the routes whose names they hold. A granted
 * parent grants its whole subtree; a parent stays when any descendant is granted
 * (parent–child chains retained).
 */
export function filterRoutesByRoles(routes: RouteNode[], roles: readonly string[]): RouteNode[] {
  if (roles.includes(ADMIN_ROLE)) return routes;
  const granted = new Set(roles);
  const visit = (nodes: RouteNode[]): RouteNode[] =>
    nodes.flatMap((node) => {
      if (node.name && granted.has(node.name)) return [node];
      const children = visit(node.children ?? []);
      return children.length > 0 ? [{ ...node, children }] : [];
    });
  return visit(routes);
}

/** Joins a child path onto its parent's, as the router does. */
export function resolveRoutePath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}
