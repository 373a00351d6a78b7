import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { startOfIndiaDate } from '../../shared/india-date.js';
import { DEV_SANDBOX_WEBHOOK_SECRET } from '../config.js';
import { startFakeRazorpayX, type FakeRazorpayX } from './fake-razorpayx.js';
import { createManualScheduler } from './manual-scheduler.js';
import { createRazorpayXGateway, STATEMENT_LOOKBACK_MS } from './razorpayx-payouts.js';
import { createSandboxPayoutGateway } from './sandbox-payouts.js';

/** The statement of payouts each adapter answers: what it processed in an India day. */
const beneficiary = { name: 'Asha Verma', accountNumber: '12345678901', ifsc: 'SBIN0001234' };
const payout = (reference: string, amountPaise = 412_830n) => ({
  idempotencyKey: `key-${reference}`,
  amountPaise,
  beneficiary,
  purpose: 'disbursal' as const,
  reference,
});
const DAY = '2025-03-10';
const period = { from: startOfIndiaDate(DAY), to: startOfIndiaDate('2025-03-11') };
const at = (iso: string) => new Date(iso);

describe('sandbox statement of payouts', () => {
  function sandbox(rates: { failureRate?: number; reversalRate?: number } = {}) {
    const clock = new ManualClock(at(`${DAY}T06:30:00.000Z`));
    const scheduler = createManualScheduler();
    const gateway = createSandboxPayoutGateway({
      clock,
      secret: DEV_SANDBOX_WEBHOOK_SECRET,
      deliver: async () => 200,
      scheduler,
      minDelayMs: 0,
      maxDelayMs: 0,
      failureRate: rates.failureRate ?? 0,
      reversalRate: rates.reversalRate ?? 0,
      duplicateRate: 0,
      random: () => 0.5,
    });
    const pay = async (reference: string, iso: string) => {
      clock.advance(at(iso).getTime() - clock.now().getTime());
      await gateway.createPayout(payout(reference));
      await scheduler.drain();
    };
    return { gateway, pay };
  }

  it('lists what it processed in the day: 23:59 India time in, 00:01 the next day out', async () => {
    const { gateway, pay } = sandbox();
    await pay('payout-1', `${DAY}T06:30:00.000Z`);
    await pay('payout-2', `${DAY}T18:29:00.000Z`); // 23:59 IST
    await pay('payout-3', `${DAY}T18:31:00.000Z`); // 00:01 IST, 11 March
    await pay('payout-0', '2025-03-09T18:29:00.000Z'); // 23:59 IST, 9 March
    const statement = await gateway.statementOfPayouts(period);
    expect(statement.map((entry) => entry.reference).sort()).toEqual(['payout-1', 'payout-2']);
    expect(statement[0]).toMatchObject({ status: 'processed', amountPaise: 412_830n });
    expect(statement[0]!.utr).toMatch(/^SBXU/);
  });

  it('keeps a payout sent back later on its processed day, and leaves out failed ones', async () => {
    const reversing = sandbox({ reversalRate: 1 });
    await reversing.pay('payout-r', `${DAY}T06:30:00.000Z`);
    expect(await reversing.gateway.statementOfPayouts(period)).toMatchObject([
      { reference: 'payout-r', status: 'reversed' },
    ]);
    const failing = sandbox({ failureRate: 1 });
    await failing.pay('payout-f', `${DAY}T06:30:00.000Z`);
    expect(await failing.gateway.statementOfPayouts(period)).toEqual([]);
  });

  it('can misstate or omit a processed payout (the demo’s breaks), and nothing else', async () => {
    const { gateway, pay } = sandbox();
    await pay('payout-a', `${DAY}T06:30:00.000Z`);
    await pay('payout-b', `${DAY}T06:31:00.000Z`);
    expect(gateway.misstate('payout-a', 100n)).toBe(true);
    expect(gateway.omitFromStatement('payout-b')).toBe(true);
    expect(gateway.misstate('payout-none', 100n)).toBe(false);
    const statement = await gateway.statementOfPayouts(period);
    expect(statement).toMatchObject([{ reference: 'payout-a', amountPaise: 100n }]);
    // The payout itself is as paid: a lookup still answers the amount sent.
    expect((await gateway.fetchStatus({ reference: 'payout-a' }))?.amountPaise).toBe(412_830n);
  });
});

describe('RazorpayX statement of payouts, against the fake RazorpayX', () => {
  const credentials = {
    keyId: 'rzp_test_fakekey0002',
    keySecret: 'fake-key-secret',
    accountNumber: '7878780080316316',
    webhookSecret: 'fake-webhook-secret',
  };
  let now = at(`${DAY}T06:30:00.000Z`);
  let fake: FakeRazorpayX;
  const gateway = () =>
    createRazorpayXGateway({ baseUrl: fake.url, mode: 'IMPS', timeoutMs: 5_000, ...credentials });

  beforeAll(async () => {
    fake = await startFakeRazorpayX({ ...credentials, deliver: async () => 200, now: () => now });
  });
  afterAll(() => fake.close());

  async function pay(reference: string, createdIso: string, processedIso?: string) {
    now = at(createdIso);
    const created = await gateway().createPayout(payout(reference));
    if (processedIso) {
      now = at(processedIso);
      await fake.advance(created.gatewayPayoutId, 'processed', { deliver: false });
    }
    return created.gatewayPayoutId;
  }

  it('pages through "fetch all payouts" by time and keeps what was processed in the day', async () => {
    // 105 processed at noon: more than one page of 100.
    for (let n = 0; n < 105; n += 1) {
      await pay(`payout-${1000 + n}`, `${DAY}T06:00:00.000Z`, `${DAY}T06:30:00.000Z`);
    }
    // Created two days before, processed in the day: found within the look-back.
    await pay('payout-queued', '2025-03-08T06:00:00.000Z', `${DAY}T18:29:00.000Z`);
    // Processed at 00:01 India time the next day; created in the day but still queued.
    await pay('payout-next', `${DAY}T18:00:00.000Z`, `${DAY}T18:31:00.000Z`);
    await pay('payout-waiting', `${DAY}T10:00:00.000Z`);
    const reversedId = await pay('payout-back', `${DAY}T07:00:00.000Z`, `${DAY}T07:05:00.000Z`);
    await fake.advance(reversedId, 'reversed', { deliver: false });

    const before = fake.requests.length;
    const statement = await gateway().statementOfPayouts(period);
    const references = statement.map((entry) => entry.reference);
    expect(references).toHaveLength(107);
    expect(references).toContain('payout-queued');
    expect(references).toContain('payout-back');
    expect(references).not.toContain('payout-next');
    expect(references).not.toContain('payout-waiting');
    expect(statement.find((entry) => entry.reference === 'payout-back')).toMatchObject({
      status: 'reversed',
      processedAt: at(`${DAY}T07:05:00.000Z`),
    });
    const calls = fake.requests.slice(before);
    expect(calls).toHaveLength(2);
    const query = new URL(calls[0]!.path, 'http://x').searchParams;
    expect(query.get('account_number')).toBe(credentials.accountNumber);
    expect(Number(query.get('from'))).toBe(
      Math.floor((period.from.getTime() - STATEMENT_LOOKBACK_MS) / 1000),
    );
    expect(Number(query.get('to'))).toBe(period.to.getTime() / 1000);
    expect(query.get('count')).toBe('100');
    expect(new URL(calls[1]!.path, 'http://x').searchParams.get('skip')).toBe('100');
  });

  it('answers an empty statement for a day without payouts', async () => {
    const empty = { from: startOfIndiaDate('2025-01-01'), to: startOfIndiaDate('2025-01-02') };
    expect(await gateway().statementOfPayouts(empty)).toEqual([]);
  });
});
