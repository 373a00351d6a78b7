import { defineEndpoint } from '../endpoint.js';
import {
  borrowAgainBodySchema,
  borrowAgainRetSchema,
  channelConversionBodySchema,
  channelConversionRetSchema,
  channelMonitoringBodySchema,
  channelMonitoringRetSchema,
  conversionRateBodySchema,
  conversionRateRetSchema,
  pipelineAnalysisBodySchema,
  pipelineAnalysisRetSchema,
  registrationReportBodySchema,
  registrationReportRetSchema,
} from './channel-report.schema.js';

export const channelMonitoring = defineEndpoint({
  id: 'report.channel_monitoring',
  method: 'POST',
  summary: 'Per channel and India day: registrations, applications, approvals, payouts, overdue',
  access: 'granted',
  mutates: false,
  body: channelMonitoringBodySchema,
  query: undefined,
  ret: channelMonitoringRetSchema,
});

export const conversionRate = defineEndpoint({
  id: 'report.conversion_rate',
  method: 'POST',
  summary: 'Registrants’ funnel by day or week: KYC, applied, machine pass, approved, disbursed',
  access: 'granted',
  mutates: false,
  body: conversionRateBodySchema,
  query: undefined,
  ret: conversionRateRetSchema,
});

export const registrationReport = defineEndpoint({
  id: 'report.registration_report',
  method: 'POST',
  summary: 'Registrations per India day and channel, KYC completion, same-day applications',
  access: 'granted',
  mutates: false,
  body: registrationReportBodySchema,
  query: undefined,
  ret: registrationReportRetSchema,
});

export const borrowAgainRate = defineEndpoint({
  id: 'report.borrow_again_rate',
  method: 'POST',
  summary: 'Loans cleared per day and the share re-borrowing within 3, 7 and 30 days',
  access: 'granted',
  mutates: false,
  body: borrowAgainBodySchema,
  query: undefined,
  ret: borrowAgainRetSchema,
});

export const channelConversionRate = defineEndpoint({
  id: 'report.channel_conversion_rate',
  method: 'POST',
  summary: 'Registrants’ funnel per acquisition channel over a date range',
  access: 'granted',
  mutates: false,
  body: channelConversionBodySchema,
  query: undefined,
  ret: channelConversionRetSchema,
});

export const pipelineAnalysis = defineEndpoint({
  id: 'channel.pipeline_analysis',
  method: 'POST',
  summary: 'Each acquisition channel’s funnel per India day of registration',
  access: 'granted',
  mutates: false,
  body: pipelineAnalysisBodySchema,
  query: undefined,
  ret: pipelineAnalysisRetSchema,
});

export const channelReportEndpoints = [
  channelMonitoring,
  conversionRate,
  registrationReport,
  borrowAgainRate,
  channelConversionRate,
  pipelineAnalysis,
] as const;
