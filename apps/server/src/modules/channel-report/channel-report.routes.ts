import { channelReportApi } from '@lending/contract';
import type { EndpointRegistrar } from '../../plugins/access.js';
import * as reports from './channel-report.service.js';

/** The channel reports of /report and /toolMage pipelineAnalysis (decision 0039). */
export function registerChannelReportRoutes(
  endpoints: EndpointRegistrar,
  deps: reports.ChannelReportDeps,
): void {
  endpoints.register(channelReportApi.channelMonitoring, ({ body }) =>
    reports.channelMonitoring(deps, body),
  );
  endpoints.register(channelReportApi.conversionRate, ({ body }) =>
    reports.conversionRate(deps, body),
  );
  endpoints.register(channelReportApi.registrationReport, ({ body }) =>
    reports.registrationReport(deps, body),
  );
  endpoints.register(channelReportApi.borrowAgainRate, ({ body }) =>
    reports.borrowAgainRate(deps, body),
  );
  endpoints.register(channelReportApi.channelConversionRate, ({ body }) =>
    reports.channelConversionRate(deps, body),
  );
  endpoints.register(channelReportApi.pipelineAnalysis, ({ body }) =>
    reports.pipelineAnalysis(deps, body),
  );
}
