import { customerApi } from '@lending/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, customers } from '../../testing/tables.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { badBody, callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { loanBookDeps, makeCustomer } from '../../testing/loan-book.factories.js';

let t: TestApp;
let admin: string;
/** Holds the order list and detail, but not customer.unmask. */
let staff: string;
let customer: { id: number; phone: string; name: string; bankAccountNumber: string };

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  customer = await makeCustomer(loanBookDeps(t.db, t.clock));
  admin = await loginAs(t.app);
  staff = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, { interfaces: ['order.list', 'order.detail'] }),
  );
}, 60_000);
afterAll(() => t.close());

describe('POST /customer/unmask', () => {
  it('shows one field in full to the administrator and writes an audit row (without the value)', async () => {
    const response = await callEndpoint(
      t.app,
      customerApi.unmaskCustomer,
      { customerId: customer.id, field: 'phone' },
      admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().ret).toEqual({ value: customer.phone });
    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'customer.unmask'),
          eq(auditEvents.targetId, String(customer.id)),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ targetType: 'customer', after: { field: 'phone' } });
    expect(JSON.stringify(rows[0])).not.toContain(customer.phone);

    const bank = await callEndpoint(
      t.app,
      customerApi.unmaskCustomer,
      { customerId: customer.id, field: 'bankAccount' },
      admin,
    );
    expect(bank.json().ret).toEqual({ value: customer.bankAccountNumber });
    // An Aadhaar customer has no PAN: nothing to show (and Aadhaar is never stored whole).
    const pan = await callEndpoint(
      t.app,
      customerApi.unmaskCustomer,
      { customerId: customer.id, field: 'pan' },
      admin,
    );
    expect(pan.json().ret).toEqual({ value: null });
  });

  it('403 without the grant, and nothing is revealed or logged', async () => {
    const before = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'customer.unmask'));
    const response = await callEndpoint(
      t.app,
      customerApi.unmaskCustomer,
      { customerId: customer.id, field: 'name' },
      staff,
    );
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain(customer.name);
    const after = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'customer.unmask'));
    expect(after).toHaveLength(before.length);
  });

  it('400 for a field that cannot be revealed (Aadhaar) or a bad id; 404 for no such customer', async () => {
    const aadhaar = await callEndpoint(
      t.app,
      customerApi.unmaskCustomer,
      badBody({ customerId: customer.id, field: 'aadhaar' }),
      admin,
    );
    expect(aadhaar.statusCode).toBe(400);
    expect(aadhaar.json().errors![0]!.field).toBe('field');
    const badId = await callEndpoint(
      t.app,
      customerApi.unmaskCustomer,
      { customerId: 0, field: 'phone' },
      admin,
    );
    expect(badId.statusCode).toBe(400);
    const missing = await callEndpoint(
      t.app,
      customerApi.unmaskCustomer,
      { customerId: 999_999, field: 'phone' },
      admin,
    );
    expect(missing.statusCode).toBe(404);
    const [still] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(still!.phone).toBe(customer.phone);
  });
});
