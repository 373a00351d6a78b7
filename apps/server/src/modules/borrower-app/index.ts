/**
 * The borrower API (/app-api) the lender's app calls: phone OTP sign-in and registration,
 * profile and KYC, bank account, products and key fact statements, applications, loans,
 * repayment instructions and quotes. Its own sessions (X-App-Token); no staff grants.
 */
import { APP_API_BASE, appEndpoints } from '@lending/contract';
import type { FastifyInstance } from 'fastify';
import { registerOpenApi } from '../../plugins/openapi.js';
import { createAppEndpointRegistrar } from './app-endpoints.js';
import type { BorrowerAppDeps } from './borrower-app.deps.js';
import { registerBorrowerAppRoutes } from './borrower-app.routes.js';
import { verifyBorrowerSession } from './otp.service.js';

export { loadBorrowerAppSettings, type BorrowerAppSettings } from './borrower-app.config.js';
export type { BorrowerAppDeps } from './borrower-app.deps.js';
export { bankVerificationJob, verifyPendingBankAccounts } from './bank-verification.js';
export { borrowerAccounts, otpRequests } from './borrowers.table.js';
export { borrowerOf, type AppEndpointRegistrar } from './app-endpoints.js';
export { clearingOfOrder, payToIfOpened, rolloverQuoteOfOrder } from './loans.service.js';

export function registerBorrowerApp(app: FastifyInstance, deps: BorrowerAppDeps, title: string) {
  const endpoints = createAppEndpointRegistrar(app, (token) => verifyBorrowerSession(deps, token));
  registerBorrowerAppRoutes(endpoints, deps);
  registerOpenApi(
    app,
    appEndpoints,
    { title: `${title} borrower API`, version: '0.1.0' },
    {
      base: APP_API_BASE,
      tokenHeader: 'X-App-Token',
    },
  );
  return endpoints;
}
