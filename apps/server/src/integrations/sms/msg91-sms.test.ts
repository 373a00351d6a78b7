import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMsg91, type FakeMsg91 } from './fake-msg91.js';
import { createMsg91Gateway } from './msg91-sms.js';
import { SmsGatewayRejected, SmsGatewayUnavailable, type SmsGateway } from './sms-gateway.js';
import { createSmsGateways } from './sms-gateways.js';

const AUTH_KEY = 'msg91-test-authkey-7788';
const DLT_ID = '1107161234567890101';
const message = {
  phone: '9876543210',
  templateId: 'otp_login_v1',
  dltTemplateId: DLT_ID,
  senderId: 'LENDIN',
  params: { code: '123456', minutes: '5' },
};

let fake: FakeMsg91;
beforeAll(async () => {
  fake = await startFakeMsg91({ authKey: AUTH_KEY, templateIds: [DLT_ID] });
});
afterAll(async () => {
  await fake.close();
});

const gateway = (authKey = AUTH_KEY, timeoutMs = 2_000) =>
  createMsg91Gateway({ baseUrl: fake.url, authKey, timeoutMs });

describe('MSG91 adapter against a fake MSG91', () => {
  it('posts the Flow API call as documented and answers MSG91 request id', async () => {
    const { messageId } = await gateway().send(message);
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/api/v5/flow' });
    expect(sent.headers.authkey).toBe(AUTH_KEY);
    expect(sent.body).toEqual({
      template_id: DLT_ID,
      sender: 'LENDIN',
      short_url: '0',
      recipients: [{ mobiles: '919876543210', code: '123456', minutes: '5' }],
    });
    expect(messageId).toBe(fake.messages.at(-1)!.requestId);
    expect(messageId).toMatch(/^[0-9a-f]{24}$/);
  });

  it('an error answer, a bad key and a bad number are refusals, with no secret in them', async () => {
    const refused = await gateway()
      .send({ ...message, dltTemplateId: '1107161234567890999' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SmsGatewayRejected);
    expect((refused as Error).message).toContain('Invalid template id');
    const badKey = await gateway('wrong-key-0000')
      .send(message)
      .catch((error: unknown) => error);
    expect(badKey).toBeInstanceOf(SmsGatewayRejected);
    expect((badKey as Error).message).not.toContain('wrong-key-0000');
    await expect(gateway().send({ ...message, phone: '12345' })).rejects.toBeInstanceOf(
      SmsGatewayRejected,
    );
  });

  it('a 5xx and a timeout are unknown outcomes, never a message id', async () => {
    fake.faults.failNextWith500 = true;
    await expect(gateway().send(message)).rejects.toBeInstanceOf(SmsGatewayUnavailable);
    fake.faults.hangNext = true;
    const timedOut = await gateway(AUTH_KEY, 300)
      .send(message)
      .catch((error: unknown) => error);
    expect(timedOut).toBeInstanceOf(SmsGatewayUnavailable);
    expect((timedOut as Error).message).toContain('timed out');
  });
});

describe('the SMS gateway in force', () => {
  const sandbox: SmsGateway = { provider: 'sandbox', send: async () => ({ messageId: 'sb-1' }) };
  const gateways = (mode: 'sandbox' | 'live', provider: string, apiKey: string | null) =>
    createSmsGateways({
      sandbox,
      mode,
      msg91: { baseUrl: fake.url, timeoutMs: 2_000 },
      settings: async () => ({ provider, apiKey }),
    });
  const db = {} as never;

  it('is the sandbox whatever is saved while SMS_GATEWAY=sandbox', async () => {
    expect((await gateways('sandbox', 'msg91', AUTH_KEY).inForce(db)).provider).toBe('sandbox');
  });

  it('is the saved provider, with the saved key, while SMS_GATEWAY=live', async () => {
    expect((await gateways('live', 'sandbox', null).inForce(db)).provider).toBe('sandbox');
    const msg91 = await gateways('live', 'msg91', AUTH_KEY).inForce(db);
    expect(msg91.provider).toBe('msg91');
    await msg91.send(message);
    expect(fake.requests.at(-1)!.headers.authkey).toBe(AUTH_KEY);
  });

  it('refuses, rather than sending elsewhere, a provider without an adapter or a key', async () => {
    await expect(gateways('live', 'gupshup', AUTH_KEY).inForce(db)).rejects.toBeInstanceOf(
      SmsGatewayRejected,
    );
    await expect(gateways('live', 'msg91', null).inForce(db)).rejects.toBeInstanceOf(
      SmsGatewayRejected,
    );
  });
});
