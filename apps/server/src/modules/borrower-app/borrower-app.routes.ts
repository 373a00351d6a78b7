import { appApi } from '@lending/contract';
import { borrowerOf, type AppEndpointRegistrar } from '../../plugins/app-access.js';
import type { BorrowerAppDeps } from './borrower-app.deps.js';
import * as loans from './loans.service.js';
import * as otp from './otp.service.js';
import * as profile from './profile.service.js';
import * as repo from './borrowers.repository.js';
import { bankAccountOfCustomer } from './loans.repository.js';

/** Binds the borrower API's contract endpoints to its services; no SQL here. */
export function registerBorrowerAppRoutes(endpoints: AppEndpointRegistrar, deps: BorrowerAppDeps) {
  endpoints.register(appApi.appSendOtp, ({ body, request }) =>
    otp.sendOtp(deps, { phone: body.phone, purpose: body.purpose, ip: request.ip }),
  );
  endpoints.register(appApi.appVerifyOtp, ({ body }) => otp.signIn(deps, body));
  endpoints.register(appApi.appLogout, async (context) => {
    await repo.revokeSession(deps.db, borrowerOf(context).sessionId, deps.clock.now());
    return {};
  });
  endpoints.register(appApi.appProfile, async (context) => {
    const account = await profile.mustFindBorrower(deps, borrowerOf(context).borrowerId);
    const bank =
      account.customerId === null ? null : await bankAccountOfCustomer(deps.db, account.customerId);
    return profile.profileView(account, bank ?? null);
  });
  endpoints.register(appApi.appSaveProfile, (context) =>
    profile.saveProfile(deps, borrowerOf(context).borrowerId, context.body),
  );
  endpoints.register(appApi.appSaveBank, (context) =>
    profile.saveBankAccount(deps, borrowerOf(context).borrowerId, context.body),
  );
  endpoints.register(appApi.appLoanProducts, (context) =>
    loans.availableProducts(deps, borrowerOf(context).borrowerId),
  );
  endpoints.register(appApi.appLoanQuote, (context) =>
    loans.quoteLoan(deps, borrowerOf(context).borrowerId, context.body),
  );
  endpoints.register(appApi.appApplyLoan, (context) =>
    loans.applyForLoan(deps, borrowerOf(context).borrowerId, context.body),
  );
  endpoints.register(appApi.appAcceptRevisedLoan, (context) =>
    loans.acceptRevisedLoan(deps, borrowerOf(context).borrowerId, context.body),
  );
  endpoints.register(appApi.appLoanList, (context) =>
    loans.listLoans(deps, borrowerOf(context).borrowerId),
  );
  endpoints.register(appApi.appRepayInstructions, (context) =>
    loans.repayInstructions(deps, borrowerOf(context).borrowerId, context.body.orderId),
  );
  endpoints.register(appApi.appRolloverQuote, (context) =>
    loans.quoteRollover(deps, borrowerOf(context).borrowerId, context.body.orderId),
  );
  endpoints.register(appApi.appCoolingOffQuote, (context) =>
    loans.quoteCoolingOff(deps, borrowerOf(context).borrowerId, context.body.orderId),
  );
  endpoints.register(appApi.appRollover, (context) =>
    loans.requestPayment(deps, borrowerOf(context).borrowerId, context.body.orderId, 'rollover'),
  );
  endpoints.register(appApi.appCoolingOffExit, (context) =>
    loans.requestPayment(
      deps,
      borrowerOf(context).borrowerId,
      context.body.orderId,
      'cooling_off_exit',
    ),
  );
}
