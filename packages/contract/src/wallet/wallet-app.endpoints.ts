import { defineEndpoint } from '../endpoint.js';
import { emptyAppBodySchema } from '../app/app.schema.js';
import {
  appBindInviteBodySchema,
  appWalletSchema,
  appWithdrawBodySchema,
  appWithdrawRetSchema,
} from './wallet.schema.js';

/* The borrower API's invite and wallet calls (decision 0043). */

export const appWallet = defineEndpoint({
  id: 'app.wallet.get',
  method: 'POST',
  summary: 'The invite code, the wallet balance and recent withdrawals',
  access: 'session',
  mutates: false,
  errors: ['borrowerStepMissing'],
  body: emptyAppBodySchema,
  query: undefined,
  ret: appWalletSchema,
});

export const appBindInvite = defineEndpoint({
  id: 'app.wallet.bind_invite',
  method: 'POST',
  summary: "Enter a friend's invite code (before the first loan application)",
  access: 'session',
  mutates: true,
  errors: ['borrowerStepMissing', 'inviteCodeUnknown', 'inviteNotAllowed'],
  body: appBindInviteBodySchema,
  query: undefined,
  ret: appWalletSchema,
});

export const appWithdraw = defineEndpoint({
  id: 'app.wallet.withdraw',
  method: 'POST',
  summary: 'Ask to withdraw wallet money to the verified bank account (reviewed by staff)',
  access: 'session',
  mutates: true,
  errors: [
    'borrowerStepMissing',
    'idempotencyKeyReused',
    'walletBalanceTooLow',
    'walletBankNotVerified',
    'walletBelowMinimum',
    'walletDailyCapReached',
  ],
  body: appWithdrawBodySchema,
  query: undefined,
  ret: appWithdrawRetSchema,
});

export const appWalletEndpoints = [appWallet, appBindInvite, appWithdraw] as const;
