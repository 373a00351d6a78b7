import {
  importReportSchema,
  UPLOAD_BODY_LIMIT_BYTES,
  xlsxUploadBodySchema,
} from '../common/upload.js';
import { defineEndpoint } from '../endpoint.js';
import {
  callListBodySchema,
  callListRetSchema,
  callRecordBodySchema,
  callRecordRetSchema,
  leadAssignBodySchema,
  leadAssignRetSchema,
  leadListBodySchema,
  leadListRetSchema,
  leadPhoneBodySchema,
  leadPhoneRetSchema,
  leadRefreshBodySchema,
  leadRefreshRetSchema,
  rateBodySchema,
  rateRetSchema,
  telemarketerListBodySchema,
  telemarketerListRetSchema,
} from './telemarketing.schema.js';
import {
  verificationListBodySchema,
  verificationListRetSchema,
  verificationRecordBodySchema,
  verificationRecordRetSchema,
} from './verification.schema.js';

export const listLeads = defineEndpoint({
  id: 'telemarketing.lead_list',
  method: 'POST',
  summary: 'The call list (masked): a telemarketer sees the users assigned to them',
  access: 'granted',
  mutates: false,
  body: leadListBodySchema,
  query: undefined,
  ret: leadListRetSchema,
});

export const refreshLeads = defineEndpoint({
  id: 'telemarketing.lead_refresh',
  method: 'POST',
  summary:
    'Put the users registered but not borrowing, or cleared and not borrowing again, on the call list',
  access: 'granted',
  mutates: true,
  body: leadRefreshBodySchema,
  query: undefined,
  ret: leadRefreshRetSchema,
});

export const importLeads = defineEndpoint({
  id: 'telemarketing.lead_import',
  method: 'POST',
  summary:
    'Put the phones of an .xlsx list on the call list (a phone on it already, opted out of marketing or with an order in progress is refused)',
  access: 'granted',
  mutates: true,
  bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
  body: xlsxUploadBodySchema,
  query: undefined,
  ret: importReportSchema,
});

export const assignLeads = defineEndpoint({
  id: 'telemarketing.lead_assign',
  method: 'POST',
  summary: 'Assign users on the call list to a telemarketer',
  access: 'granted',
  mutates: true,
  errors: ['notFound', 'notTelemarketer'],
  body: leadAssignBodySchema,
  query: undefined,
  ret: leadAssignRetSchema,
});

export const listTelemarketers = defineEndpoint({
  id: 'telemarketing.telemarketer_list',
  method: 'POST',
  summary: 'The telemarketers who may be given users to call, with the users each holds',
  access: 'granted',
  mutates: false,
  body: telemarketerListBodySchema,
  query: undefined,
  ret: telemarketerListRetSchema,
});

export const revealLeadPhone = defineEndpoint({
  id: 'telemarketing.lead_phone',
  method: 'POST',
  summary: "Show an assigned user's phone in full to call it (audited)",
  access: 'granted',
  mutates: false,
  audited: true,
  errors: ['leadOutOfScope', 'notFound'],
  body: leadPhoneBodySchema,
  query: undefined,
  ret: leadPhoneRetSchema,
});

export const recordCall = defineEndpoint({
  id: 'telemarketing.call_record',
  method: 'POST',
  summary:
    'Record a call to an assigned user: outcome, remarks, next call (within the calling hours only, never to a number that opted out; a refused attempt out of hours or over the cap is kept)',
  access: 'granted',
  mutates: true,
  errors: ['callCapReached', 'callOptedOut', 'callOutsideHours', 'leadOutOfScope', 'notFound'],
  body: callRecordBodySchema,
  query: undefined,
  ret: callRecordRetSchema,
});

export const listCalls = defineEndpoint({
  id: 'telemarketing.call_list',
  method: 'POST',
  summary: 'Telemarketing calls made, with outcome, remarks and next call (masked)',
  access: 'granted',
  mutates: false,
  body: callListBodySchema,
  query: undefined,
  ret: callListRetSchema,
});

export const telemarketingRate = defineEndpoint({
  id: 'telemarketing.rate',
  method: 'POST',
  summary:
    'Per telemarketer and day of assignment: assigned, called, connected, applied, disbursed and their rates',
  access: 'granted',
  mutates: false,
  body: rateBodySchema,
  query: undefined,
  ret: rateRetSchema,
});

export const listVerifications = defineEndpoint({
  id: 'telemarketing.verification_list',
  method: 'POST',
  summary:
    'Orders waiting for manual review with their checking status: not checked, or the latest verification call passed or failed (masked)',
  access: 'granted',
  mutates: false,
  body: verificationListBodySchema,
  query: undefined,
  ret: verificationListRetSchema,
});

export const recordVerification = defineEndpoint({
  id: 'telemarketing.verification_record',
  method: 'POST',
  summary:
    'Record a verification call on an order in manual review: items checked, passed or failed, notes (within the calling hours; the marketing opt-out does not apply)',
  access: 'granted',
  mutates: true,
  errors: [
    'notFound',
    'verificationNotInReview',
    'verificationOutOfScope',
    'verificationOutsideHours',
  ],
  body: verificationRecordBodySchema,
  query: undefined,
  ret: verificationRecordRetSchema,
});

/**
 * The telemarketing call list, calls and rate report (issue #14, decision 0040), and the
 * verification calls before approval (decision 0078).
 */
export const telemarketingEndpoints = [
  listLeads,
  refreshLeads,
  importLeads,
  assignLeads,
  listTelemarketers,
  revealLeadPhone,
  recordCall,
  listCalls,
  telemarketingRate,
  listVerifications,
  recordVerification,
] as const;
