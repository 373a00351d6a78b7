/**
 * The borrower API (/app-api) the lender's app calls: phone OTP sign-in and registration,
 * profile and KYC, bank account, products and key fact statements, applications, loans,
 * repayment instructions and quotes. Its own sessions (X-App-Token); no staff grants.
 */
import { APP_API_BASE, appApi } from '@lending/contract';
import type { ModuleRoutes } from '../../plugins/module.js';
import { registerOpenApi } from '../../plugins/openapi.js';
import type { BorrowerAppDeps } from './borrower-app.deps.js';
import { registerBorrowerAppRoutes } from './borrower-app.routes.js';
import { verifyBorrowerSession } from './otp.service.js';

export { loadBorrowerAppSettings, type BorrowerAppSettings } from './borrower-app.config.js';
export type { BorrowerAppDeps } from './borrower-app.deps.js';
export { bankVerificationJob, verifyPendingBankAccounts } from './bank-verification.js';
export { registrationsByChannel } from './borrowers.repository.js';
// App accounts as the OTP sign-in, the profile and the bank account leave them (the
// simulator's borrowers, who skip the API for speed).
export {
  findBorrowerByPhone,
  registerBorrower,
  updateBorrowerByPhone,
} from './borrowers.repository.js';
export { clearingOfOrder, payToIfOpened, rolloverQuoteOfOrder } from './loans.service.js';
// The configuration module's verifyCode screen registers these (its endpoints, these codes).
export { listVerifyCodes, revealVerifyCode } from './verify-codes.service.js';

export interface BorrowerAppModuleDeps extends BorrowerAppDeps {
  /** The product's name, in the title of the borrower API's document. */
  productTitle: string;
}

/**
 * The borrower API's own calls and its document. `verifySession` is what the /app-api
 * registrar (plugins/app-access.ts) checks a borrower's X-App-Token with; app.ts builds that
 * registrar with it, and every module with borrower calls registers them on it.
 */
export function createBorrowerAppModule(deps: BorrowerAppModuleDeps) {
  const { productTitle, ...appDeps } = deps;
  return {
    verifySession: (token: string | undefined) => verifyBorrowerSession(appDeps, token),
    registerRoutes(routes: ModuleRoutes) {
      registerBorrowerAppRoutes(routes.app, appDeps);
      registerOpenApi(
        routes.server,
        appApi.appEndpoints,
        { title: `${productTitle} borrower API`, version: '0.1.0' },
        {
          base: APP_API_BASE,
          tokenHeader: 'X-App-Token',
        },
      );
    },
  };
}
