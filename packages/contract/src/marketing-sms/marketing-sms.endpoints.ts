import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  importReportSchema,
  UPLOAD_BODY_LIMIT_BYTES,
  xlsxUploadBodySchema,
} from '../common/upload.js';
import {
  audienceListsRetSchema,
  audiencePreviewSchema,
  campaignSchema,
  campaignTemplatesRetSchema,
  cancelCampaignBodySchema,
  createCampaignBodySchema,
  listCampaignsBodySchema,
  listCampaignsRetSchema,
  previewAudienceBodySchema,
} from './marketing-sms.schema.js';

const emptyBodySchema = z.strictObject({}).optional();

export const listCampaigns = defineEndpoint({
  id: 'marketingSms.list',
  method: 'POST',
  summary: 'Marketing SMS campaigns with their progress and delivery figures',
  access: 'granted',
  mutates: false,
  body: listCampaignsBodySchema,
  query: undefined,
  ret: listCampaignsRetSchema,
});

export const listCampaignTemplates = defineEndpoint({
  id: 'marketingSms.templates',
  method: 'POST',
  summary: 'The enabled promotional SMS templates a campaign may use',
  access: 'granted',
  mutates: false,
  body: emptyBodySchema,
  query: undefined,
  ret: campaignTemplatesRetSchema,
});

export const previewCampaignAudience = defineEndpoint({
  id: 'marketingSms.preview',
  method: 'POST',
  summary: 'How many an audience names, and how many are skipped (opted out, blacklisted)',
  access: 'granted',
  mutates: false,
  errors: ['selectedNotOnList'],
  body: previewAudienceBodySchema,
  query: undefined,
  ret: audiencePreviewSchema,
});

export const createCampaign = defineEndpoint({
  id: 'marketingSms.create',
  method: 'POST',
  summary: 'Schedule a marketing SMS campaign (idempotent by key; only inside 10:00–21:00 IST)',
  access: 'granted',
  mutates: true,
  errors: [
    'campaignAudienceEmpty',
    'idempotencyKeyReused',
    'promotionalOutsideHours',
    'selectedNotOnList',
  ],
  body: createCampaignBodySchema,
  query: undefined,
  ret: campaignSchema,
});

export const cancelCampaign = defineEndpoint({
  id: 'marketingSms.cancel',
  method: 'POST',
  summary: 'Stop a scheduled or sending campaign (what was sent stays sent)',
  access: 'granted',
  mutates: true,
  errors: ['campaignNotCancellable', 'notFound'],
  body: cancelCampaignBodySchema,
  query: undefined,
  ret: campaignSchema,
});

export const importAudienceList = defineEndpoint({
  id: 'marketingSms.list_import',
  method: 'POST',
  summary: 'Upload an .xlsx of phone numbers as a campaign audience',
  access: 'granted',
  mutates: true,
  bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
  body: xlsxUploadBodySchema,
  query: undefined,
  ret: importReportSchema,
});

export const listAudienceLists = defineEndpoint({
  id: 'marketingSms.lists',
  method: 'POST',
  summary: 'The uploaded phone lists, newest first',
  access: 'granted',
  mutates: false,
  body: emptyBodySchema,
  query: undefined,
  ret: audienceListsRetSchema,
});

export const marketingSmsEndpoints = [
  listCampaigns,
  listCampaignTemplates,
  previewCampaignAudience,
  createCampaign,
  cancelCampaign,
  importAudienceList,
  listAudienceLists,
] as const;
