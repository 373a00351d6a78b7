import { defineEndpoint } from '../endpoint.js';
import { dashboardSummaryBodySchema, dashboardSummarySchema } from './dashboard.schema.js';

export const dashboardSummary = defineEndpoint({
  id: 'dashboard.summary',
  method: 'POST',
  summary:
    'Dashboard figures as of 23:59:59 India time today: registrations, applications, approvals, disbursals, repayments, due and overdue, with a daily series; and the owing book by RBI asset class',
  access: 'granted',
  mutates: false,
  body: dashboardSummaryBodySchema,
  query: undefined,
  ret: dashboardSummarySchema,
});

export const dashboardEndpoints = [dashboardSummary] as const;
