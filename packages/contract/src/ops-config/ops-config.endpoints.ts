import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  appConfigSchema,
  appConfigViewSchema,
  appVersionSchema,
  channelSchema,
  deleteSettingBodySchema,
  deleteVersionBodySchema,
  listChannelsBodySchema,
  listChannelsRetSchema,
  listSettingsBodySchema,
  listSettingsRetSchema,
  listSmsMessagesBodySchema,
  listSmsMessagesRetSchema,
  listSmsTemplatesBodySchema,
  listSmsTemplatesRetSchema,
  listVersionsBodySchema,
  listVersionsRetSchema,
  saveChannelBodySchema,
  saveSettingBodySchema,
  saveSmsConfigBodySchema,
  saveSmsTemplateBodySchema,
  saveVersionBodySchema,
  setSmsTemplateEnabledBodySchema,
  smsConfigViewSchema,
  smsTemplateSchema,
  systemSettingSchema,
  listVerifyCodesBodySchema,
  listVerifyCodesRetSchema,
  revealVerifyCodeBodySchema,
  revealVerifyCodeRetSchema,
  trxStatisticsBodySchema,
  trxStatisticsRetSchema,
} from './ops-config.schema.js';

const emptyBodySchema = z.strictObject({}).optional();
const okRetSchema = z.object({});

export const listSettings = defineEndpoint({
  id: 'systemConfig.list',
  method: 'POST',
  summary: 'List system configuration items',
  access: 'granted',
  mutates: false,
  body: listSettingsBodySchema,
  query: undefined,
  ret: listSettingsRetSchema,
});

export const saveSetting = defineEndpoint({
  id: 'systemConfig.save',
  method: 'POST',
  summary: 'Create or change a system configuration item (takes effect at once)',
  access: 'granted',
  mutates: true,
  errors: ['duplicate', 'notFound'],
  body: saveSettingBodySchema,
  query: undefined,
  ret: systemSettingSchema,
});

export const deleteSetting = defineEndpoint({
  id: 'systemConfig.delete',
  method: 'POST',
  summary: 'Delete a system configuration item the server does not read',
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'notFound'],
  body: deleteSettingBodySchema,
  query: undefined,
  ret: okRetSchema,
});

export const getAppConfig = defineEndpoint({
  id: 'appConfig.get',
  method: 'POST',
  summary: 'The app configuration: telephone, help, privacy, terms and loan agreement addresses',
  access: 'granted',
  mutates: false,
  body: emptyBodySchema,
  query: undefined,
  ret: appConfigViewSchema,
});

export const saveAppConfig = defineEndpoint({
  id: 'appConfig.save',
  method: 'POST',
  summary: 'Save the app configuration (served to the app at once)',
  access: 'granted',
  mutates: true,
  body: appConfigSchema,
  query: undefined,
  ret: appConfigViewSchema,
});

export const listVersions = defineEndpoint({
  id: 'appVersion.list',
  method: 'POST',
  summary: 'List app version releases',
  access: 'granted',
  mutates: false,
  body: listVersionsBodySchema,
  query: undefined,
  ret: listVersionsRetSchema,
});

export const saveVersion = defineEndpoint({
  id: 'appVersion.save',
  method: 'POST',
  summary: 'Release an app version, or edit a release',
  access: 'granted',
  mutates: true,
  errors: ['duplicate', 'notFound'],
  body: saveVersionBodySchema,
  query: undefined,
  ret: appVersionSchema,
});

export const deleteVersion = defineEndpoint({
  id: 'appVersion.delete',
  method: 'POST',
  summary: 'Withdraw (delete) an app version release',
  access: 'granted',
  mutates: true,
  errors: ['notFound'],
  body: deleteVersionBodySchema,
  query: undefined,
  ret: okRetSchema,
});

export const listSmsTemplates = defineEndpoint({
  id: 'sms.template_list',
  method: 'POST',
  summary: 'List SMS templates (DLT registered)',
  access: 'granted',
  mutates: false,
  body: listSmsTemplatesBodySchema,
  query: undefined,
  ret: listSmsTemplatesRetSchema,
});

export const saveSmsTemplate = defineEndpoint({
  id: 'sms.template_save',
  method: 'POST',
  summary: 'Create or change an SMS template',
  access: 'granted',
  mutates: true,
  errors: ['duplicate', 'notFound', 'smsSenderIdNotConfigured'],
  body: saveSmsTemplateBodySchema,
  query: undefined,
  ret: smsTemplateSchema,
});

export const setSmsTemplateEnabled = defineEndpoint({
  id: 'sms.template_enable',
  method: 'POST',
  summary: 'Enable or disable an SMS template (a disabled template is never sent)',
  access: 'granted',
  mutates: true,
  errors: ['notFound', 'smsSenderIdNotConfigured'],
  body: setSmsTemplateEnabledBodySchema,
  query: undefined,
  ret: smsTemplateSchema,
});

export const getSmsConfig = defineEndpoint({
  id: 'sms.config_get',
  method: 'POST',
  summary: 'The SMS gateway settings (secrets are never returned)',
  access: 'granted',
  mutates: false,
  body: emptyBodySchema,
  query: undefined,
  ret: smsConfigViewSchema,
});

export const saveSmsConfig = defineEndpoint({
  id: 'sms.config_save',
  method: 'POST',
  summary: 'Save the SMS gateway settings; a new API key replaces the stored one',
  access: 'granted',
  mutates: true,
  errors: ['smsLiveProvidersOff', 'smsProviderNotBuilt', 'smsSenderIdInUse'],
  body: saveSmsConfigBodySchema,
  query: undefined,
  ret: smsConfigViewSchema,
});

export const listSmsMessages = defineEndpoint({
  id: 'sms.message_list',
  method: 'POST',
  summary: 'Every SMS sent, with its delivery status',
  access: 'granted',
  mutates: false,
  body: listSmsMessagesBodySchema,
  query: undefined,
  ret: listSmsMessagesRetSchema,
});

export const listChannels = defineEndpoint({
  id: 'channel.list',
  method: 'POST',
  summary: 'List acquisition channels with their registrations',
  access: 'granted',
  mutates: false,
  body: listChannelsBodySchema,
  query: undefined,
  ret: listChannelsRetSchema,
});

export const saveChannel = defineEndpoint({
  id: 'channel.save',
  method: 'POST',
  summary: 'Create or change an acquisition channel',
  access: 'granted',
  mutates: true,
  errors: ['duplicate', 'notFound'],
  body: saveChannelBodySchema,
  query: undefined,
  ret: channelSchema,
});

export const listVerifyCodes = defineEndpoint({
  id: 'telemarketing.verify_code_list',
  method: 'POST',
  summary: 'One-time codes sent to borrowers: phone (masked), purpose, status, delivery',
  access: 'granted',
  mutates: false,
  body: listVerifyCodesBodySchema,
  query: undefined,
  ret: listVerifyCodesRetSchema,
});

export const revealVerifyCode = defineEndpoint({
  id: 'telemarketing.verify_code_reveal',
  method: 'POST',
  summary: 'Read a live one-time code to a borrower on a call (each reading is audited)',
  access: 'granted',
  mutates: false,
  audited: true,
  errors: ['conflict', 'notFound'],
  body: revealVerifyCodeBodySchema,
  query: undefined,
  ret: revealVerifyCodeRetSchema,
});

export const trxStatistics = defineEndpoint({
  id: 'trx.statistics',
  method: 'POST',
  summary:
    'Payouts and collections per payment channel and India day: count, amount, success share, settle time',
  access: 'granted',
  mutates: false,
  body: trxStatisticsBodySchema,
  query: undefined,
  ret: trxStatisticsRetSchema,
});

/** The configuration, SMS and channel screens' endpoints (issue #14). */
export const opsConfigEndpoints = [
  listSettings,
  saveSetting,
  deleteSetting,
  getAppConfig,
  saveAppConfig,
  listVersions,
  saveVersion,
  deleteVersion,
  listSmsTemplates,
  saveSmsTemplate,
  setSmsTemplateEnabled,
  getSmsConfig,
  saveSmsConfig,
  listSmsMessages,
  listChannels,
  saveChannel,
  listVerifyCodes,
  revealVerifyCode,
  trxStatistics,
] as const;
