import { appWalletApi, walletApi } from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import { borrowerOf, type AppEndpointRegistrar } from '../../plugins/app-access.js';
import * as invitations from './invitations.service.js';
import * as recharges from './recharges.service.js';
import * as config from './wallet-config.js';
import type { WalletDeps } from './wallet.deps.js';
import * as wallets from './wallets.service.js';
import * as payouts from './withdrawal-payouts.service.js';
import * as withdrawals from './withdrawals.service.js';

/** The invitation and wallet screens (/invite, /toolMage walletConfig, balanceQuery, recharge). */
export function registerWalletRoutes(endpoints: EndpointRegistrar, deps: WalletDeps): void {
  endpoints.register(walletApi.listInvitations, ({ body }) =>
    invitations.listInvitations(deps, body),
  );
  endpoints.register(walletApi.listWithdrawals, ({ body }) =>
    withdrawals.listWithdrawals(deps, body),
  );
  endpoints.register(walletApi.reviewWithdrawal, (context) =>
    payouts.reviewWithdrawal(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(walletApi.getWalletConfig, () => config.walletConfigView(deps));
  endpoints.register(walletApi.saveWalletConfig, (context) =>
    config.saveWalletConfig(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(walletApi.walletBalanceSummary, () => wallets.balanceSummary(deps));
  endpoints.register(walletApi.listWalletBalances, ({ body }) =>
    wallets.listWalletBalances(deps, body),
  );
  endpoints.register(walletApi.listRecharges, (context) =>
    recharges.listRecharges(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(walletApi.recordRecharge, (context) =>
    recharges.recordRecharge(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(walletApi.reviewRecharge, (context) =>
    recharges.reviewRecharge(deps, context.body, callerOf(context).userId),
  );
}

/** The borrower API's invite code, wallet and withdrawal request. */
export function registerWalletAppRoutes(endpoints: AppEndpointRegistrar, deps: WalletDeps): void {
  endpoints.register(appWalletApi.appWallet, async (context) =>
    wallets.walletOfBorrower(
      deps,
      await wallets.customerOfBorrower(deps, borrowerOf(context).borrowerId),
    ),
  );
  endpoints.register(appWalletApi.appBindInvite, async (context) => {
    const customerId = await wallets.customerOfBorrower(deps, borrowerOf(context).borrowerId);
    await invitations.bindInvite(deps, customerId, context.body.inviteCode);
    return wallets.walletOfBorrower(deps, customerId);
  });
  endpoints.register(appWalletApi.appWithdraw, async (context) =>
    withdrawals.requestWithdrawal(
      deps,
      await wallets.customerOfBorrower(deps, borrowerOf(context).borrowerId),
      context.body,
    ),
  );
}
