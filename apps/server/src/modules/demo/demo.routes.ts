import { defineEndpoint } from '@lending/contract';
import { z } from 'zod';
import { addDays } from '@lending/lending';
import type { EndpointRegistrar } from '../../plugins/access.js';
import type { Database } from '../../plugins/db.js';
import type { DemoClock } from '../../shared/clock.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { runDayEnd } from '../day-end/index.js';

/*
 * The demo's two levers for a browser journey that needs tomorrow (decision 0066): move the
 * server's business date forward and run the day-end it makes due, and pay into a borrower's
 * sandbox account as their bank would. They are registered only on a server whose clock is the
 * demo's (DEMO_CLOCK_WITHIN, which the configuration refuses unless the book is the demo's and
 * the gateways are the sandbox), so they do not exist on any other server: not in the contract,
 * the console or the OpenAPI document. No role grants their ids: the administrator only.
 */

export const demoNextDay = defineEndpoint({
  id: 'demo.next_day',
  method: 'POST',
  summary:
    "Demo only: move the server's business date forward by whole days and run the day-end they make due",
  access: 'granted',
  mutates: true,
  body: z.strictObject({ days: z.int().min(1).max(7) }),
  query: undefined,
  ret: z.object({
    now: z.string(),
    businessDate: z.string(),
    dayEnd: z.object({
      ran: z.boolean(),
      dates: z.array(z.object({ businessDate: z.string(), ordersProcessed: z.int() })),
    }),
  }),
});

export const demoSandboxCredit = defineEndpoint({
  id: 'demo.sandbox_credit',
  method: 'POST',
  summary:
    "Demo only: a payer's transfer into a sandbox virtual account or UPI id; the sandbox reports it by signed webhook",
  access: 'granted',
  mutates: true,
  body: z
    .strictObject({
      accountNumber: z.string().trim().min(1).max(40).optional(),
      upiId: z.string().trim().min(1).max(80).optional(),
      amountPaise: z.int().min(1).max(100_000_000),
    })
    .refine((b) => (b.accountNumber === undefined) !== (b.upiId === undefined), {
      path: ['accountNumber'],
      message: 'give the account number or the UPI id, not both',
    }),
  query: undefined,
  ret: z.object({ paymentId: z.string() }),
});

export interface DemoDeps {
  /** The module's database: the day-end joins the audited call's transaction. */
  db: Database;
  clock: DemoClock;
  /** The sandbox bank's credit (integrations' `collections.simulateCredit`). */
  credit(credit: { accountNumber?: string; upiId?: string; amountPaise: bigint }): {
    paymentId: string;
  };
}

export function registerDemoRoutes(endpoints: EndpointRegistrar, deps: DemoDeps) {
  endpoints.register(demoNextDay, async ({ body, audit }) => {
    const before = deps.clock.now();
    deps.clock.advanceDays(body.days);
    const now = deps.clock.now();
    await audit.record({
      targetType: 'demo_clock',
      targetId: 'business_date',
      before: { businessDate: indiaDateOf(before) },
      after: { businessDate: indiaDateOf(now) },
    });
    // The day-end through the new yesterday now, rather than at the scheduled job's next check
    // (under the same lease: if that job holds it, it is running these dates itself).
    const dayEnd = await runDayEnd({
      db: deps.db,
      clock: deps.clock,
      upTo: addDays(indiaDateOf(now), -1),
    });
    return { now: now.toISOString(), businessDate: indiaDateOf(now), dayEnd };
  });
  endpoints.register(demoSandboxCredit, async ({ body }) => {
    const { paymentId } = deps.credit({
      ...(body.accountNumber ? { accountNumber: body.accountNumber } : {}),
      ...(body.upiId ? { upiId: body.upiId } : {}),
      amountPaise: BigInt(body.amountPaise),
    });
    return { paymentId };
  });
}
