import { clearingAmountOn, rolloverQuote } from '@lending/lending';
import { ensureVirtualAccount, openPaymentRequest } from '../modules/collections/index.js';
import {
  balancesOf,
  createCustomer,
  findOrder,
  hasClearedOrder,
  listProducts,
  runMachineReview,
  setCustomerBankAccount,
  submitApplication,
  termsFromJson,
  termsOfProduct,
} from '../modules/loan-book/index.js';
import { registerBorrower, updateBorrowerByPhone } from '../modules/borrower-app/index.js';
import { indiaDateOf } from '../shared/india-date.js';
import { paiseToApi } from '../shared/paise.js';
import { AppCallFailed, injectTransport, type BorrowerDriver } from './borrower-driver.js';
import type { SimulationWorld } from './world.js';

/**
 * The borrower's side straight through the services, without the borrower API: what the demo
 * book uses to make a few thousand orders in seconds. Orders, machine review, virtual accounts,
 * credits and quotes are the same code the API calls. Signing in is the one step that goes
 * through the API (decision 0076): the login code is sent by SMS and typed back, so the book has
 * the codes /telemarketing/customerVerifyCode lists; one borrower in ten mistypes it once.
 */
export function createDirectDriver(world: SimulationWorld): BorrowerDriver {
  const { db, loanBook, clock } = world;
  const collections = world.app.integrations.collections;
  const customerOf = new Map<
    string,
    { customerId: number; phone: string; name: string; features: Record<string, unknown> }
  >();
  const byToken = (token: string) => {
    const customer = customerOf.get(token);
    if (!customer) throw new Error(`no customer for ${token}`);
    return customer;
  };
  let productsCache: Awaited<ReturnType<typeof listProducts>>['list'] | undefined;
  const today = () => indiaDateOf(clock.now());
  const transport = injectTransport(world.app);

  /** The app's OTP sign-in: the code sent by SMS, read from the sandbox's outbox, typed back. */
  async function signInByCode(phone: string, channel: string, address: string) {
    const sent = await transport('/auth/send_otp', { phone, purpose: 'login' }, { address });
    const code = world.app.integrations.sms.lastTo(phone)?.params.code;
    if (sent.code !== 0 || !code) throw new AppCallFailed('/auth/send_otp', sent.code, sent.msg);
    if (phone.endsWith('7')) {
      // A mistyped digit first: the code's attempts show it.
      const wrong = code === '000000' ? '000001' : '000000';
      await transport('/auth/verify_otp', { phone, code: wrong, channel }, { address });
    }
    const verified = await transport('/auth/verify_otp', { phone, code, channel }, { address });
    if (verified.code !== 0)
      throw new AppCallFailed('/auth/verify_otp', verified.code, verified.msg);
  }

  async function openOrder(orderId: number) {
    const order = await findOrder(db, orderId);
    if (!order) throw new Error(`order ${orderId} not found`);
    return order;
  }

  return {
    async signIn(phone, channel, address) {
      // The app account the OTP sign-in would open (registration date and channel): what
      // /order/regNotLoan lists until the borrower applies.
      const account = await registerBorrower(db, {
        phone,
        registrationDate: today(),
        channel,
        at: clock.now(),
      });
      await signInByCode(phone, channel, address);
      customerOf.set(phone, { customerId: 0, phone, name: '', features: { channel } });
      // 0: the phone had an account already, none was opened here.
      const borrowerId = account.created ? account.row.id : 0;
      return { token: phone, borrowerId, profileComplete: false };
    },
    async saveProfile(token, _address, profile) {
      const customer = byToken(token);
      const row = await createCustomer(
        db,
        loanBook.aadhaarHashKey,
        {
          name: String(profile.name),
          idType: 'aadhaar',
          idNumber: String(profile.aadhaar),
          phone: customer.phone,
          registrationDate: today(),
          channel: String(customer.features.channel ?? ''),
          birthDate: String(profile.birthDate),
          region: String(profile.region),
        },
        clock.now(),
      );
      customer.customerId = row.id;
      customer.name = row.name;
      await updateBorrowerByPhone(db, customer.phone, {
        customerId: row.id,
        name: row.name,
        updatedAt: clock.now(),
      });
      customer.features = {
        ...customer.features,
        monthlyIncomePaise: profile.monthlyIncomePaise,
        occupation: profile.occupation,
        region: profile.region,
      };
      return {};
    },
    async saveBank(token, _address, bank) {
      // The demo book's accounts are taken as verified (no penny drop round trip).
      await setCustomerBankAccount(db, byToken(token).customerId, {
        bankName: String(bank.bankName),
        accountNumber: String(bank.accountNumber),
        ifsc: String(bank.ifsc),
        verified: true,
      });
      await updateBorrowerByPhone(db, byToken(token).phone, {
        bankVerification: 'verified',
        updatedAt: clock.now(),
      });
      return {};
    },
    async products(token) {
      productsCache ??= (
        await listProducts(db, {
          page: 1,
          pageSize: 100,
          filters: { status: 'available' },
        })
      ).list;
      const cleared = await hasClearedOrder(db, byToken(token).customerId);
      const kind = cleared ? 'reloan' : 'first';
      const list = productsCache
        .filter((row) => row.kind === kind)
        .map((row) => {
          const terms = termsOfProduct(row);
          return {
            productId: row.id,
            minPrincipalPaise: paiseToApi(terms.minPrincipal),
            maxPrincipalPaise: paiseToApi(terms.maxPrincipal),
          };
        });
      return { kind, list };
    },
    async quote() {
      return { netDisbursedPaise: 0, dueAmountPaise: 0 };
    },
    async apply(token, _address, _phone, productId, principalPaise) {
      const customer = byToken(token);
      const order = await submitApplication(
        loanBook,
        {
          customerId: customer.customerId,
          productId,
          principalPaise: BigInt(principalPaise),
          acceptance: { acceptedAt: clock.now(), channel: 'app', otpReference: 'simulator' },
          applicantFeatures: customer.features,
        },
        null,
      );
      const reviewed = await runMachineReview(loanBook, order.id);
      return { orderId: order.id, status: reviewed.status };
    },
    async repayInstructions(token, _address, orderId) {
      const customer = byToken(token);
      const account = await ensureVirtualAccount(
        db,
        collections,
        { customerId: customer.customerId, name: customer.name },
        clock.now(),
      );
      const order = await openOrder(orderId);
      const loan = balancesOf(order);
      const total = loan ? clearingAmountOn(loan, termsFromJson(order.terms), today()).total : 0n;
      return {
        amountToClearTodayPaise: paiseToApi(total),
        virtualAccount: { accountNumber: account.accountNumber },
      };
    },
    async requestRollover(token, _address, orderId) {
      const customer = byToken(token);
      const order = await openOrder(orderId);
      const loan = balancesOf(order);
      const quote = loan ? rolloverQuote(loan, termsFromJson(order.terms), today()) : undefined;
      if (!quote?.ok) throw new Error(`order ${orderId} cannot be renewed today`);
      const account = await ensureVirtualAccount(
        db,
        collections,
        { customerId: customer.customerId, name: customer.name },
        clock.now(),
      );
      await openPaymentRequest(db, {
        orderId,
        customerId: customer.customerId,
        purpose: 'rollover',
        amountPaise: quote.total,
        businessDate: today(),
        at: clock.now(),
      });
      return { amountPaise: paiseToApi(quote.total), upiId: account.upiId };
    },
    async rolloverQuote(_token, _address, orderId) {
      const order = await openOrder(orderId);
      const loan = balancesOf(order);
      if (!loan) return { available: false, totalPaise: 0 };
      const quote = rolloverQuote(loan, termsFromJson(order.terms), today());
      return quote.ok
        ? { available: true, totalPaise: paiseToApi(quote.total) }
        : { available: false, totalPaise: 0 };
    },
  };
}
