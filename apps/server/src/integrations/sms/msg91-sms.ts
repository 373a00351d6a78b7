import { SmsGatewayRejected, SmsGatewayUnavailable, type SmsGateway } from './sms-gateway.js';

export const MSG91_PROVIDER = 'msg91';

export interface Msg91Options {
  /** `https://control.msg91.com` in production; a local fake in tests. */
  baseUrl: string;
  /** The account's auth key, as saved on /toolMage/smsConfig (read at each message). */
  authKey: string;
  timeoutMs: number;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

/** MSG91's answer: `{type: 'success', message: <request id>}` or `{type: 'error', message}`. */
interface Msg91Answer {
  type?: unknown;
  message?: unknown;
}

/** India's numbers in international form without '+', as MSG91 asks: 91XXXXXXXXXX. */
export function msg91Mobile(phone: string): string {
  if (!/^[6-9]\d{9}$/.test(phone))
    throw new SmsGatewayRejected(MSG91_PROVIDER, 'not an Indian mobile number');
  return `91${phone}`;
}

/**
 * The MSG91 adapter, following its Flow API (`POST /api/v5/flow`): the `authkey` header, the
 * template named by its DLT template id (`template_id`; MSG91 templates are added with the DLT
 * id they were registered under), the template's sender id (`sender`), one recipient in
 * international form with the template's variables by name. MSG91 answers a JSON
 * `{type: 'success', message: <request id>}`; the request id is the message id its delivery
 * reports carry. `type: 'error'` or a 4xx is a refusal; a timeout, a network error, a 5xx or an
 * answer that is not MSG91's is unknown. Neither is ever read as sent. The auth key goes only
 * in the header: it is in no error message.
 */
export function createMsg91Gateway(options: Msg91Options): SmsGateway {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/$/, '')}/api/v5/flow`;
  return {
    provider: MSG91_PROVIDER,
    async send(message) {
      const body = {
        template_id: message.dltTemplateId,
        sender: message.senderId,
        short_url: '0',
        recipients: [{ ...message.params, mobiles: msg91Mobile(message.phone) }],
      };
      let response: Response;
      let text: string;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            authkey: options.authKey,
            accept: 'application/json',
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        const why =
          error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
        throw new SmsGatewayUnavailable(MSG91_PROVIDER, `MSG91: the call ${why}`);
      }
      if (response.status >= 500 || response.status === 408 || response.status === 429) {
        throw new SmsGatewayUnavailable(MSG91_PROVIDER, `MSG91: HTTP ${response.status}`);
      }
      let answer: Msg91Answer;
      try {
        answer = JSON.parse(text) as Msg91Answer;
      } catch {
        throw new SmsGatewayUnavailable(MSG91_PROVIDER, `MSG91: HTTP ${response.status}, not JSON`);
      }
      const said = typeof answer?.message === 'string' ? answer.message.slice(0, 200) : '';
      if (response.status >= 400 || answer?.type === 'error') {
        throw new SmsGatewayRejected(
          MSG91_PROVIDER,
          `MSG91 refused the message: ${said || `HTTP ${response.status}`}`,
        );
      }
      if (answer?.type !== 'success' || !said) {
        throw new SmsGatewayUnavailable(MSG91_PROVIDER, 'MSG91: an answer without a request id');
      }
      return { messageId: said };
    },
  };
}
