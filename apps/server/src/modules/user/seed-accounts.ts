import {
  ADMIN_ROLE,
  businessRouteNames,
  businessRoutes,
  grantableInterfaceIds,
  type RouteNode,
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

const demoRoles = [
  {
    name: 'Reviewer',
    description: 'Loan approval: machine, first and final review',
    menus: ['Dashboard', ...subtreeNames('Approve'), ...orderLookupMenus],
    interfaces: [] as string[],
    account: { email: 'reviewer@example.com', password: 'Reviewer12345', name: 'Riya Reviewer' },
  },
  {
    name: 'Collector',
    description: 'Pre-collection and collection of overdue orders',
    menus: [
      'Dashboard',
      ...subtreeNames('Collection'),
      ...subtreeNames('Precollection'),
      ...orderLookupMenus,
      'Repay',
      'repayPlan',
      'repayQuery',
    ],
    // A collector reads what an order owes and tells the borrower how to pay; money is finance's.
    interfaces: ['repay.plan_list', 'repay.query'],
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
      ...orderLookupMenus,
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
      'repay.write_off',
      'repay.reverse',
    ],
    account: { email: 'finance@example.com', password: 'Finance12345', name: 'Meera Finance' },
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
  for (const password of [DEMO_ADMIN.password, ...demoRoles.map((role) => role.account.password)]) {
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
        // Every demo role opens the dashboard, so it may read the dashboard's figures.
        interfaces: [
          ...new Set(['dashboard.summary', ...orderLookupInterfaces, ...demo.interfaces]),
        ],
      });
      const user = await insertStaffUser(tx, {
        email: demo.account.email,
        name: demo.account.name,
        passwordHash: hashes.get(demo.account.password) ?? '',
        at,
      });
      await replaceUserRoles(tx, user.id, [role.id]);
    }
  });
  options.warn(
    `Created the administrator ${DEMO_ADMIN.email} with the demo password ${DEMO_ADMIN.password}: ` +
      'change it at once (avatar menu → Change password).' +
      (options.demoData
        ? ' Demo accounts reviewer@, collector@ and finance@example.com were created too.'
        : ''),
  );
  return true;
}
