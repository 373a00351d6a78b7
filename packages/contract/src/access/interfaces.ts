import { approvalEndpoints } from '../approval/approval.endpoints.js';
import { configEndpoints } from '../config/config.endpoints.js';
import { customerEndpoints } from '../customer/customer.endpoints.js';
import { dashboardEndpoints } from '../dashboard/dashboard.endpoints.js';
import { disbursementEndpoints } from '../disbursement/disbursement.endpoints.js';
import type { EndpointDefinition } from '../endpoint.js';
import { exportEndpoints } from '../export/export.endpoints.js';
import { loanBookEndpoints } from '../loan-book/loan-book.endpoints.js';
import { financeEndpoints } from '../finance/finance.endpoints.js';
import { auditEndpoints } from '../audit/audit.endpoints.js';
import { opsConfigEndpoints } from '../ops-config/ops-config.endpoints.js';
import { orderEndpoints } from '../order/order.endpoints.js';
import { remarketingEndpoints } from '../order/remarketing.endpoints.js';
import { powerEndpoints } from '../power/power.endpoints.js';
import { recoveryEndpoints } from '../recovery/recovery.endpoints.js';
import { repayEndpoints } from '../repay/repay.endpoints.js';
import { reportEndpoints } from '../report/report.endpoints.js';
import { channelReportEndpoints } from '../report/channel-report.endpoints.js';
import { blacklistEndpoints, riskEndpoints } from '../risk/risk.endpoints.js';
import { offlineRepayEndpoints } from '../repay/offline.endpoints.js';
import { waiverApprovalEndpoints } from '../repay/waiver-approval.endpoints.js';
import { telemarketingEndpoints } from '../telemarketing/telemarketing.endpoints.js';
import { userEndpoints } from '../user/user.endpoints.js';
import { marketingSmsEndpoints } from '../marketing-sms/marketing-sms.endpoints.js';
import { walletEndpoints } from '../wallet/wallet.endpoints.js';
import { couponEndpoints } from '../coupon/coupon.endpoints.js';

/** Every admin API endpoint; the interface catalogue and the OpenAPI document derive from it. */
export const adminEndpoints: readonly EndpointDefinition[] = [
  ...userEndpoints,
  ...powerEndpoints,
  ...configEndpoints,
  ...auditEndpoints,
  ...loanBookEndpoints,
  ...orderEndpoints,
  ...remarketingEndpoints,
  ...disbursementEndpoints,
  ...repayEndpoints,
  ...approvalEndpoints,
  ...offlineRepayEndpoints,
  ...waiverApprovalEndpoints,
  ...recoveryEndpoints,
  ...dashboardEndpoints,
  ...financeEndpoints,
  ...reportEndpoints,
  ...channelReportEndpoints,
  ...opsConfigEndpoints,
  ...exportEndpoints,
  ...customerEndpoints,
  ...riskEndpoints,
  ...blacklistEndpoints,
  ...marketingSmsEndpoints,
  ...walletEndpoints,
  ...couponEndpoints,
  ...telemarketingEndpoints,
];

function grantableIdsOf(endpoints: readonly EndpointDefinition[]): readonly string[] {
  return endpoints
    .filter((endpoint) => endpoint.access === 'granted')
    .map((endpoint) => endpoint.id);
}

/**
 * Interface ids a role can be granted (public and own-session calls need no grant). Marked
 * pure: a bundle that does not use it drops it, and with it the list of every endpoint.
 */
export const grantableInterfaceIds: readonly string[] =
  /* @__PURE__ */ grantableIdsOf(adminEndpoints);

/** Modules in the order the catalogue lists them, each with its grantable endpoints. */
export function interfacesByModule(
  endpoints: readonly EndpointDefinition[] = adminEndpoints,
): { module: string; endpoints: EndpointDefinition[] }[] {
  const byModule = new Map<string, EndpointDefinition[]>();
  for (const endpoint of endpoints) {
    if (endpoint.access !== 'granted') continue;
    const list = byModule.get(endpoint.module) ?? [];
    list.push(endpoint);
    byModule.set(endpoint.module, list);
  }
  return [...byModule].map(([module, list]) => ({ module, endpoints: list }));
}

/** Keys whose values never reach a log (docs/security.md: passwords and tokens). */
export const REDACTED_KEYS: readonly string[] = [
  'password',
  'oldpassword',
  'newpassword',
  'confirmpassword',
  'token',
  // The SMS gateway's key (smsConfig, decision 0079): write-only, never in the audit trail.
  'apikey',
  // Uploaded files (base64) are stored as files, not copied into the audit trail.
  'contentbase64',
];
