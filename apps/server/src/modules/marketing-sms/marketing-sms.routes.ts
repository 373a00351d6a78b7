import { marketingSmsApi } from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import { previewAudience } from './audience.js';
import * as campaigns from './campaigns.service.js';

/** Binds /toolMage/marketingSMS and marketingSendSMS; no SQL here. */
export function registerMarketingSmsRoutes(
  endpoints: EndpointRegistrar,
  deps: campaigns.MarketingSmsDeps,
): void {
  endpoints.register(marketingSmsApi.listCampaigns, ({ body }) =>
    campaigns.listCampaigns(deps, body),
  );
  endpoints.register(marketingSmsApi.listCampaignTemplates, () =>
    campaigns.campaignTemplates(deps.db),
  );
  endpoints.register(marketingSmsApi.previewCampaignAudience, async ({ body }) => {
    const { preview } = await previewAudience(deps.db, body.audience, deps.clock.now());
    return preview;
  });
  endpoints.register(marketingSmsApi.createCampaign, (c) =>
    campaigns.createCampaign(deps, c.tx, c.audit, callerOf(c).userId, c.body),
  );
  endpoints.register(marketingSmsApi.cancelCampaign, (c) =>
    campaigns.cancelCampaign(deps, c.tx, c.audit, c.body.id),
  );
  endpoints.register(marketingSmsApi.importAudienceList, (c) =>
    campaigns.importAudienceList(deps, c.tx, c.audit, callerOf(c).userId, c.body),
  );
  endpoints.register(marketingSmsApi.listAudienceLists, () => campaigns.audienceLists(deps.db));
}
