import type { Executor } from '../../plugins/db.js';
import { createMsg91Gateway, MSG91_PROVIDER } from './msg91-sms.js';
import { SmsGatewayRejected, type SmsGateway, type SmsGateways } from './sms-gateway.js';

/** What the SMS configuration says about the provider: the module that keeps it reads it. */
export interface SmsProviderSettings {
  provider: string;
  /** The saved key (write-only on the screen); null when none was saved. */
  apiKey: string | null;
}

export type SmsProviderSettingsReader = (db: Executor) => Promise<SmsProviderSettings>;

export interface SmsGatewaysOptions {
  sandbox: SmsGateway;
  /**
   * The environment's word (`SMS_GATEWAY`): `sandbox` sends everything through the sandbox
   * whatever the screen says (demo, tests, a copy of production's database); `live` sends
   * through the provider the screen saved.
   */
  mode: 'sandbox' | 'live';
  msg91: { baseUrl: string; timeoutMs: number; fetch?: typeof fetch };
  settings: SmsProviderSettingsReader;
}

/**
 * The SMS gateway in force (decision 0079): one source of truth, the saved SMS configuration,
 * read at each message, within what the environment allows. A saved provider that cannot send
 * (no adapter, no key: only possible if written around the API, which refuses both) refuses
 * the message rather than sending it anywhere else.
 */
export function createSmsGateways(options: SmsGatewaysOptions): SmsGateways {
  return {
    async inForce(db) {
      if (options.mode === 'sandbox') return options.sandbox;
      const { provider, apiKey } = await options.settings(db);
      if (provider === options.sandbox.provider) return options.sandbox;
      if (provider !== MSG91_PROVIDER) {
        throw new SmsGatewayRejected(provider, `no adapter is built for SMS provider ${provider}`);
      }
      if (!apiKey) throw new SmsGatewayRejected(provider, 'MSG91 has no API key saved');
      return createMsg91Gateway({ ...options.msg91, authKey: apiKey });
    },
  };
}
