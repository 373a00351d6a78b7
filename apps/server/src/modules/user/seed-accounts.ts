import {
  ADMIN_ROLE,
  businessRouteNames,
  businessRoutes,
  grantableInterfaceIds,
  type RouteNode,
  riskApi,
} from '@lending/contract';
import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import type { PasswordHasher } from './passwords.js';
import { insertRole } from './roles.repository.js';
import { countStaffUsers, insertStaffUser, replaceUserRoles } from './staff-users.repository.js';

export interface SeedOptions {
  db: Database;
  clock: Clock;
  hasher: PasswordHasher;
  demoData: boolean;
  warn: (message: string) => void;
}

/** A group's route name and every name below it (granting a group grants its subtree). */
function subtreeNames(groupName: string): string[] {
  const group = businessRoutes.find((route: RouteNode) => route.name === groupName);
  if (!group) throw new Error(`no business route group named ${groupName}`);
  return businessRouteNames([group]);
}

/**
 * Every demo role looks orders up (a borrower calls; a case needs its history): the order list
 * and the order detail, with the calls behind them.
 */
const orderLookupMenus = ['orderList', 'loanDetail'];
const orderLookupInterfaces = ['order.list', 'order.detail'];

/**
 * The verification calls before approval (/telemarketing/checkList, decision 0078): the
 * telemarketers make them on any order in review, a reviewer on the orders of their own
 * review tasks (the server scopes it), the leads on every order.
 */
const verificationMenus = ['Telemarketing', 'checkList'];
const verificationInterfaces = [
  'telemarketing.verification_list',
  'telemarketing.verification_record',
];

const demoRoles = [
  {
    name: 'Reviewer',
    description: 'Loan approval: machine, first and final review',
    menus: ['Dashboard', ...subtreeNames('Approve'), ...orderLookupMenus, ...verificationMenus],
    // A reviewer works their own queue (the server scopes it) and reads the machine's reasons.
    interfaces: [
      ...verificationInterfaces,
      'approve.machine_list',
      'approve.machine_detail',
      'approve.queue_list',
      'approve.review_form',
      'approve.reviewer_options',
      'approve.decision_list',
      'approve.rejection_list',
      'approve.group_list',
      'approve.reviewer_list',
      'order.first_review',
      'order.final_review',
    ],
    account: { email: 'reviewer@example.com', password: 'Reviewer12345', name: 'Riya Reviewer' },
    more: [
      { email: 'arjun@example.com', password: 'Reviewer12345', name: 'Arjun Reviewer' },
      { email: 'neha@example.com', password: 'Reviewer12345', name: 'Neha Reviewer' },
    ],
  },
  {
    name: 'Review lead',
    description:
      'Loan approval lead: every queue, distribution, groups, reviewers, rejection codes',
    menus: ['Dashboard', ...subtreeNames('Approve'), ...orderLookupMenus, ...verificationMenus],
    interfaces: [
      ...verificationInterfaces,
      'approve.machine_list',
      'approve.machine_detail',
      'approve.machine_refer',
      'approve.queue_list',
      'approve.assign',
      'approve.review_form',
      'approve.group_list',
      'approve.group_save',
      'approve.group_delete',
      'approve.reviewer_list',
      'approve.reviewer_save',
      'approve.reviewer_options',
      'approve.rejection_list',
      'approve.rejection_save',
      'approve.rejection_status',
      'approve.rejection_delete',
      'approve.decision_list',
      'approve.reviewer_quality',
      'order.first_review',
      'order.final_review',
    ],
    account: { email: 'lead@example.com', password: 'ReviewLead12345', name: 'Vikram Lead' },
  },
  {
    name: 'Collector',
    description: 'Pre-collection and collection of overdue orders',
    menus: [
      'Dashboard',
      ...subtreeNames('Collection'),
      ...subtreeNames('Precollection'),
      ...orderLookupMenus,
      'collectionOrder',
      'Repay',
      'repayPlan',
      'repayQuery',
      'overdueRepayment',
      'overdueRepaymentDetail',
    ],
    // A collector reads what an order owes and tells the borrower how to pay; money is finance's.
    // Their own cases, follow-ups and reminders, the groups, collectors and reports (dispatching
    // and configuring groups stay with the administrator); what overdue borrowers paid.
    interfaces: [
      'repay.plan_list',
      'repay.query',
      'order.collection_list',
      'repay.overdue_list',
      'recovery.case_list',
      'recovery.case_detail',
      'recovery.follow_up',
      'recovery.instalment_plan',
      'recovery.send_reminder',
      'recovery.group_list',
      'recovery.collector_list',
      'recovery.daily_process',
      'recovery.performance',
      'recovery.stage_flow',
    ],
    account: {
      email: 'collector@example.com',
      password: 'Collector12345',
      name: 'Kabir Collector',
    },
  },
  {
    name: 'Finance',
    description: 'Disbursement, repayment, financial statements and reports',
    menus: [
      'Dashboard',
      ...subtreeNames('Loan'),
      ...subtreeNames('Repay'),
      ...subtreeNames('FinancialManagement'),
      ...subtreeNames('Report'),
      'pipelineAnalysis',
      ...orderLookupMenus,
      // Invitations and wallets (decision 0043): rewards, withdrawals, the payout account.
      ...subtreeNames('Invite'),
      'ToolMage',
      'walletConfig',
      'balanceQuery',
      'recharge',
    ],
    interfaces: [
      // /loan: the lists, disbursing (and retrying) payouts, cancelling an order before its payout.
      'loan.wait_list',
      'loan.record_list',
      'loan.flow_list',
      'loan.create_payout',
      'order.cancel',
      // /repay: the lists and the query, and every repayment action.
      'repay.plan_list',
      'repay.record_list',
      'repay.query',
      'repay.post_repayment',
      'repay.rollover',
      'repay.waiver',
      // Waivers above the approval amount: another person approves (the server refuses the maker).
      'repay.waiver_approve',
      'repay.waiver_reject',
      'repay.write_off',
      // Every write-off waits for another person (decision 0050); the server refuses the maker.
      'repay.write_off_approve',
      'repay.write_off_reject',
      'repay.reverse',
      // /financialManagement: the statements, reconciliation and its breaks, the ledger reads.
      'finance.order_loan_list',
      'finance.repayment_order_list',
      'finance.reconciliation_list',
      'finance.break_list',
      'finance.resolve_break',
      'finance.run_reconciliation',
      'finance.trial_balance',
      'finance.gst_by_month',
      'finance.cash_flow',
      // The adjustments report and the month locks (a lock is permanent: finance's own call).
      'finance.adjustment_list',
      'finance.period_lock_list',
      'finance.lock_month',
      // Unapplied credits: the ageing list, a refund (asked by one person, approved by another:
      // the server refuses the maker) or an application with the borrower's agreement.
      'finance.unapplied_credit_list',
      'finance.request_credit_refund',
      'finance.review_credit_refund',
      'finance.apply_credit',
      // /report
      'report.daily_order_analysis',
      'report.order_overdue',
      // The channel reports and /toolMage pipelineAnalysis (decision 0039).
      'report.channel_monitoring',
      'report.conversion_rate',
      'report.registration_report',
      'report.borrow_again_rate',
      'report.channel_conversion_rate',
      'channel.pipeline_analysis',
      // Offline repayments (maker and checker: the server refuses the same person for both),
      // their receipts and .xlsx batches; overdue repayments; overpayment refunds.
      'repay.offline_list',
      'repay.offline_record',
      'repay.offline_review',
      'repay.offline_receipt',
      'repay.offline_import',
      'repay.overdue_list',
      'repay.excess_list',
      'repay.excess_refund_request',
      'repay.excess_refund_approve',
      // /invite and the wallet pages of /toolMage (recharges: maker and checker, never one person).
      'wallet.invitation_list',
      'wallet.withdrawal_list',
      'wallet.withdrawal_review',
      'wallet.config_get',
      'wallet.config_save',
      'wallet.balance_summary',
      'wallet.balance_list',
      'wallet.recharge_list',
      'wallet.recharge_record',
      'wallet.recharge_review',
    ],
    account: { email: 'finance@example.com', password: 'Finance12345', name: 'Meera Finance' },
  },
  {
    name: 'Risk',
    description: 'Risk rules and their versions, risk settings, rule analysis and the blacklist',
    menus: ['Dashboard', ...subtreeNames('Risk'), 'ToolMage', 'blacklist', ...orderLookupMenus],
    // Every /risk call (rules, versions, back-test, publish, settings, analysis) and the blacklist.
    interfaces: [
      ...[...riskApi.riskEndpoints, ...riskApi.blacklistEndpoints].map((endpoint) => endpoint.id),
      // Thresholds are set per product: the products' names.
      'loanConfig.list',
    ],
    account: { email: 'risk@example.com', password: 'Risk12345', name: 'Rohan Risk' },
  },
  {
    name: 'Marketing',
    description: 'Coupons and marketing SMS campaigns',
    menus: [
      'Dashboard',
      ...subtreeNames('Coupon'),
      'ToolMage',
      'marketingSMS',
      'marketingSendSMS',
      ...orderLookupMenus,
    ],
    // Coupons (their audiences and sends) and marketing SMS campaigns add their calls here.
    interfaces: [
      // Marketing SMS campaigns (/toolMage/marketingSMS, marketingSendSMS).
      'marketingSms.list',
      'marketingSms.templates',
      'marketingSms.preview',
      'marketingSms.create',
      'marketingSms.cancel',
      'marketingSms.list_import',
      'marketingSms.lists',
      // Coupons: templates, audiences and sends, the sending record.
      'coupon.list',
      'coupon.save',
      'coupon.set_status',
      'coupon.delete',
      'coupon.audience',
      'coupon.send',
      'coupon.sent_list',
    ] as string[],
    account: { email: 'marketing@example.com', password: 'Marketing12345', name: 'Maya Marketing' },
  },
  {
    name: 'Telemarketer',
    description: 'Telemarketing: calls the users assigned to them and records each call',
    // The order detail too: a verification call checks what the applicant declared (0078).
    menus: [
      'Dashboard',
      'Telemarketing',
      'userList',
      'checkList',
      'telemarketingRate',
      ...orderLookupMenus,
    ],
    // Their own leads, calls and rate row only (the server scopes every call to the holder).
    interfaces: [
      'telemarketing.lead_list',
      'telemarketing.lead_phone',
      'telemarketing.call_record',
      'telemarketing.call_list',
      'telemarketing.rate',
      'telemarketing.telemarketer_list',
      // The verification desk: calls before approval on any order in review (decision 0078).
      ...verificationInterfaces,
    ],
    account: {
      email: 'telemarketer@example.com',
      password: 'Telemarketer12345',
      name: 'Tara Telemarketer',
    },
    more: [
      { email: 'sunil@example.com', password: 'Telemarketer12345', name: 'Sunil Telemarketer' },
    ],
  },
  {
    name: 'Telemarketing lead',
    description:
      'Telemarketing lead: refreshes and imports the call list, assigns it, follows every call and rate',
    // The order detail too: a verification call checks what the applicant declared (0078).
    menus: [
      'Dashboard',
      'Telemarketing',
      'userList',
      'checkList',
      'telemarketingRate',
      ...orderLookupMenus,
    ],
    interfaces: [
      'telemarketing.lead_list',
      'telemarketing.lead_refresh',
      'telemarketing.lead_import',
      'telemarketing.lead_assign',
      'telemarketing.telemarketer_list',
      'telemarketing.lead_phone',
      'telemarketing.call_list',
      'telemarketing.rate',
      ...verificationInterfaces,
    ],
    account: { email: 'telelead@example.com', password: 'TeleLead12345', name: 'Leela Telelead' },
  },
];

export const DEMO_ADMIN = { email: 'admin@example.com', password: 'Admin12345', name: 'Admin' };

/**
 * First start only (no staff account yet): the admin role and account, plus demo roles and
 * accounts when demo data is on. An existing database is never seeded again.
 */
export async function seedAccounts(options: SeedOptions): Promise<boolean> {
  const { db, clock, hasher } = options;
  if ((await countStaffUsers(db)) > 0) return false;
  const hashes = new Map<string, string>();
  const accountsOf = (role: (typeof demoRoles)[number]) => [
    role.account,
    ...(('more' in role ? role.more : undefined) ?? []),
  ];
  for (const password of [
    DEMO_ADMIN.password,
    ...demoRoles.flatMap((role) => accountsOf(role).map((account) => account.password)),
  ]) {
    hashes.set(password, await hasher.hash(password));
  }
  await db.transaction(async (tx) => {
    const at = clock.now();
    const adminRole = await insertRole(tx, {
      name: ADMIN_ROLE,
      description: 'Administrators: every menu and every interface',
      menus: ['Dashboard', ...businessRouteNames()],
      interfaces: [...grantableInterfaceIds],
      isSystem: true,
    });
    const admin = await insertStaffUser(tx, {
      email: DEMO_ADMIN.email,
      name: DEMO_ADMIN.name,
      passwordHash: hashes.get(DEMO_ADMIN.password) ?? '',
      at,
    });
    await replaceUserRoles(tx, admin.id, [adminRole.id]);
    if (!options.demoData) return;
    for (const demo of demoRoles) {
      const role = await insertRole(tx, {
        name: demo.name,
        description: demo.description,
        menus: [...new Set(demo.menus)],
        // Every demo role opens the dashboard, so it may read the dashboard's figures, and
        // exports the lists it can read (an export needs the list's own grant as well).
        interfaces: [
          ...new Set([
            'dashboard.summary',
            'export.start',
            ...orderLookupInterfaces,
            ...demo.interfaces,
          ]),
        ],
      });
      for (const account of accountsOf(demo)) {
        const user = await insertStaffUser(tx, {
          email: account.email,
          name: account.name,
          passwordHash: hashes.get(account.password) ?? '',
          at,
        });
        await replaceUserRoles(tx, user.id, [role.id]);
      }
    }
  });
  options.warn(
    `Created the administrator ${DEMO_ADMIN.email} with the demo password ${DEMO_ADMIN.password}: ` +
      'change it at once (avatar menu → Change password).' +
      (options.demoData
        ? ' Demo accounts reviewer@, arjun@, neha@, lead@, collector@, finance@, risk@, marketing@, telemarketer@, sunil@ and telelead@example.com were created too.'
        : ''),
  );
  return true;
}
