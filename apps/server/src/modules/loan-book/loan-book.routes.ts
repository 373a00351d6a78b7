import { loanBookApi, orderApi } from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { paiseToApi } from '../../shared/paise.js';
import { recordAudit } from '../audit/index.js';
import { reviewScopeOf } from './review-scope.js';
import * as applications from './applications.service.js';
import { checkLedger } from './ledger-check.service.js';
import type { LoanBookDeps } from './order-command.js';
import { orderDetail, type ApprovalRequestsOf } from './order-detail.service.js';
import * as orderList from './order-list.service.js';
import * as payoutsService from './payouts.service.js';
import { listProducts } from './products.repository.js';
import * as products from './products.service.js';
import * as repaymentsService from './repayments.service.js';
import { reverseRepayment } from './repayment-reversal.service.js';

/** Binds the loan book's contract endpoints to its services; no SQL here. */
export function registerLoanBookRoutes(
  endpoints: EndpointRegistrar,
  deps: LoanBookDeps,
  lookups: { approvalRequestsOf: ApprovalRequestsOf },
): void {
  endpoints.register(loanBookApi.listLoanConfig, async ({ body }) => {
    const { list, total } = await listProducts(deps.db, body);
    return { list: list.map(products.loanConfigView), total };
  });

  endpoints.register(loanBookApi.saveLoanConfig, async (context) => {
    const actorId = callerOf(context).userId;
    const now = deps.clock.now();
    const row = await deps.db.transaction(async (tx) => {
      const saved = await products.saveProduct(
        tx,
        products.productInputOf(context.body),
        actorId,
        now,
      );
      await recordAudit(tx, {
        actorId,
        action: 'loanConfig.save',
        targetType: 'loan_product',
        targetId: saved.id,
        after: products.loanConfigView(saved),
        at: now,
      });
      return saved;
    });
    return products.loanConfigView(row);
  });

  endpoints.register(loanBookApi.setLoanConfigStatus, async (context) => {
    const actorId = callerOf(context).userId;
    const now = deps.clock.now();
    const row = await deps.db.transaction(async (tx) => {
      const { before, after } = await products.setProductStatus(
        tx,
        context.body.id,
        context.body.status,
        actorId,
        now,
      );
      await recordAudit(tx, {
        actorId,
        action: 'loanConfig.set_status',
        targetType: 'loan_product',
        targetId: after.id,
        before: { status: before.status },
        after: { status: after.status },
        at: now,
      });
      return after;
    });
    return products.loanConfigView(row);
  });

  endpoints.register(loanBookApi.checkLedger, async () => {
    const result = await checkLedger(deps.db);
    return {
      ...result,
      unbalancedJournals: result.unbalancedJournals.map((j) => ({
        ...j,
        imbalancePaise: paiseToApi(j.imbalancePaise),
      })),
      mismatchedOrders: result.mismatchedOrders.map((o) => ({
        ...o,
        storedPaise: paiseToApi(o.storedPaise),
        ledgerPaise: paiseToApi(o.ledgerPaise),
      })),
    };
  });

  // A reviewer decides only the orders assigned to them; a lead (approve.assign) any.
  endpoints.register(loanBookApi.firstReviewOrder, (context) => {
    const callerId = callerOf(context).userId;
    return applications.firstReview(
      deps,
      context.body,
      callerId,
      reviewScopeOf(callerId, context.grants),
    );
  });
  endpoints.register(loanBookApi.finalReviewOrder, (context) => {
    const { approvedPrincipalPaise, ...body } = context.body;
    const callerId = callerOf(context).userId;
    return applications.finalReview(
      deps,
      {
        ...body,
        ...(approvedPrincipalPaise !== undefined
          ? { approvedPrincipalPaise: BigInt(approvedPrincipalPaise) }
          : {}),
      },
      callerId,
      reviewScopeOf(callerId, context.grants),
    );
  });
  endpoints.register(loanBookApi.rejectOrder, (context) =>
    applications.rejectOrder(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(loanBookApi.cancelOrder, (context) =>
    applications.cancelOrder(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(orderApi.listOrders, ({ body }) => orderList.listOrders(deps.db, body));
  endpoints.register(loanBookApi.orderDetail, ({ body }) =>
    orderDetail(deps.db, body, {
      today: indiaDateOf(deps.clock.now()),
      ...(deps.staffOf ? { staffOf: deps.staffOf } : {}),
      approvalRequestsOf: lookups.approvalRequestsOf,
      machineDecisionOf: deps.machineReview.decisionOf,
    }),
  );

  endpoints.register(loanBookApi.createPayout, async (context) => {
    const result = await payoutsService.createPayout(deps, context.body, callerOf(context).userId);
    // The intent is committed with the call's transaction; the send happens after it.
    if (typeof result.payoutId === 'number') deps.onPayoutCommitted?.(result.payoutId);
    return result;
  });

  endpoints.register(loanBookApi.postRepayment, (context) =>
    repaymentsService.postRepayment(
      deps,
      { ...context.body, amountPaise: BigInt(context.body.amountPaise) },
      callerOf(context).userId,
    ),
  );
  endpoints.register(loanBookApi.rolloverOrder, (context) =>
    repaymentsService.rollover(
      deps,
      { ...context.body, amountPaise: BigInt(context.body.amountPaise) },
      callerOf(context).userId,
    ),
  );
  endpoints.register(loanBookApi.reverseRepayment, (context) =>
    reverseRepayment(deps, context.body, callerOf(context).userId),
  );
}
