import {
  borrowAgainRate,
  channelConversionRate,
  channelMonitoring,
  conversionRate,
  pipelineAnalysis,
  registrationReport,
} from '@lending/contract';
import type { EndpointRegistrar } from '../../plugins/access.js';
import * as reports from './channel-report.service.js';

/** The channel reports of /report and /toolMage pipelineAnalysis (decision 0039). */
export function registerChannelReportRoutes(
  endpoints: EndpointRegistrar,
  deps: reports.ChannelReportDeps,
): void {
  endpoints.register(channelMonitoring, ({ body }) => reports.channelMonitoring(deps, body));
  endpoints.register(conversionRate, ({ body }) => reports.conversionRate(deps, body));
  endpoints.register(registrationReport, ({ body }) => reports.registrationReport(deps, body));
  endpoints.register(borrowAgainRate, ({ body }) => reports.borrowAgainRate(deps, body));
  endpoints.register(channelConversionRate, ({ body }) =>
    reports.channelConversionRate(deps, body),
  );
  endpoints.register(pipelineAnalysis, ({ body }) => reports.pipelineAnalysis(deps, body));
}
