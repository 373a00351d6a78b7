import { channelReportApi, reportApi } from '@lending/contract';
import type { EndpointRegistrar } from '../../plugins/access.js';
import * as channels from './channel-reports.service.js';
import * as orders from './order-reports.service.js';
import type { ReportsDeps } from './read-models.js';

/** The Reports menu (/report) and the channel pipeline of /toolMage (pipelineAnalysis). */
export function registerReportsRoutes(endpoints: EndpointRegistrar, deps: ReportsDeps): void {
  endpoints.register(reportApi.dailyOrderAnalysis, ({ body }) =>
    orders.dailyOrderAnalysis(deps, body),
  );
  endpoints.register(reportApi.orderOverdue, ({ body }) => orders.orderOverdue(deps, body));
  endpoints.register(channelReportApi.channelMonitoring, ({ body }) =>
    channels.channelMonitoring(deps, body),
  );
  endpoints.register(channelReportApi.conversionRate, ({ body }) =>
    channels.conversionRate(deps, body),
  );
  endpoints.register(channelReportApi.registrationReport, ({ body }) =>
    channels.registrationReport(deps, body),
  );
  endpoints.register(channelReportApi.borrowAgainRate, ({ body }) =>
    channels.borrowAgainRate(deps, body),
  );
  endpoints.register(channelReportApi.channelConversionRate, ({ body }) =>
    channels.channelConversionRate(deps, body),
  );
  endpoints.register(channelReportApi.pipelineAnalysis, ({ body }) =>
    channels.pipelineAnalysis(deps, body),
  );
}
