import { appWalletApi, walletApi } from '@lending/contract';
import { eq } from 'drizzle-orm';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import { AppError } from '../../shared/app-error.js';
import { borrowerOf, type AppEndpointRegistrar } from '../../plugins/app-access.js';
import { borrowerAccounts } from '../borrower-app/tables.js';
import * as wallet from './wallet.service.js';

/** The invitation and wallet screens (/invite, /toolMage walletConfig, balanceQuery, recharge). */
export function registerWalletRoutes(endpoints: EndpointRegistrar, deps: wallet.WalletDeps): void {
  endpoints.register(walletApi.listInvitations, ({ body }) => wallet.listInvitations(deps, body));
  endpoints.register(walletApi.listWithdrawals, ({ body }) => wallet.listWithdrawals(deps, body));
  endpoints.register(walletApi.reviewWithdrawal, (context) =>
    wallet.reviewWithdrawal(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(walletApi.getWalletConfig, () => wallet.walletConfigView(deps));
  endpoints.register(walletApi.saveWalletConfig, (context) =>
    wallet.saveWalletConfig(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(walletApi.walletBalanceSummary, () => wallet.balanceSummary(deps));
  endpoints.register(walletApi.listWalletBalances, ({ body }) =>
    wallet.listWalletBalances(deps, body),
  );
  endpoints.register(walletApi.listRecharges, (context) =>
    wallet.listRecharges(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(walletApi.recordRecharge, (context) =>
    wallet.recordRecharge(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(walletApi.reviewRecharge, (context) =>
    wallet.reviewRecharge(deps, context.body, callerOf(context).userId),
  );
}

/** The borrower's customer: a wallet is a customer's, so the profile (KYC) comes first. */
async function customerOfBorrower(deps: wallet.WalletDeps, borrowerId: number) {
  const [account] = await deps.db
    .select({ customerId: borrowerAccounts.customerId })
    .from(borrowerAccounts)
    .where(eq(borrowerAccounts.id, borrowerId));
  if (!account?.customerId) throw new AppError('borrowerStepMissing', { field: 'profile' });
  return account.customerId;
}

/** The borrower API's invite code, wallet and withdrawal request. */
export function registerWalletAppRoutes(
  endpoints: AppEndpointRegistrar,
  deps: wallet.WalletDeps,
): void {
  endpoints.register(appWalletApi.appWallet, async (context) =>
    wallet.walletOfBorrower(deps, await customerOfBorrower(deps, borrowerOf(context).borrowerId)),
  );
  endpoints.register(appWalletApi.appBindInvite, async (context) => {
    const customerId = await customerOfBorrower(deps, borrowerOf(context).borrowerId);
    await wallet.bindInvite(deps, customerId, context.body.inviteCode);
    return wallet.walletOfBorrower(deps, customerId);
  });
  endpoints.register(appWalletApi.appWithdraw, async (context) =>
    wallet.requestWithdrawal(
      deps,
      await customerOfBorrower(deps, borrowerOf(context).borrowerId),
      context.body,
    ),
  );
}
