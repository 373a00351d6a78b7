import type { z } from 'zod';
import type {
  machineListBodySchema,
  MachineDetail,
  machineReferBodySchema,
  MachineRow,
} from '@lending/contract';
import { AppError } from '../../shared/app-error.js';
import { paiseToApi } from '../../shared/paise.js';
import { maskName, maskPhone } from '../../shared/pii.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import { referMachineRejection } from '../loan-book/index.js';
import { ruleResultsWithRules } from '../risk/index.js';
import type { ApprovalDeps } from './approval.deps.js';
import * as repo from './approval.repository.js';

// Machine review's screens (machinerReviewPass / Reject): the orders the machine decided, one
// decision's rules, and the referral of a machine rejection to people (the book's command).

export async function machineList(
  deps: ApprovalDeps,
  body: z.output<typeof machineListBodySchema>,
) {
  const { list, total } = await repo.listMachineDecisions(deps.db, body);
  return {
    total,
    list: list.map((row): MachineRow => ({
      id: row.order.id,
      orderNo: row.order.orderNo,
      customerName: maskName(row.customer.name),
      phone: maskPhone(row.customer.phone),
      productName: row.productName,
      customerType: row.customer.customerType,
      principalPaise: paiseToApi(row.order.principalPaise),
      machineResult: row.order.machineResult ?? 'pass',
      machineScore: row.order.machineScore,
      rulesHit: Number(row.rulesHit),
      firstRefusingRule: row.firstRefusingRule,
      ruleSetVersion: row.order.ruleSetVersion,
      decidedAt: toIso(row.order.machineReviewedAt ?? row.order.appliedAt),
      status: row.order.status,
      referred: Boolean(row.referred),
    })),
  };
}

export async function machineDetail(deps: ApprovalDeps, orderNo: string): Promise<MachineDetail> {
  const order = await repo.findOrderByNo(deps.db, orderNo);
  if (!order) throw new AppError('notFound', { field: 'orderNo', detail: orderNo });
  const rules = await ruleResultsWithRules(deps.db, order.id);
  const [referral] = await repo.referralOf(deps.db, order.id);
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    status: order.status,
    machineResult: order.machineResult,
    machineScore: order.machineScore,
    ruleSetVersion: order.ruleSetVersion,
    decidedAt: toIsoOrNull(order.machineReviewedAt),
    rules: rules.map(({ result, rule }) => ({
      ruleName: rule.ruleName,
      className: rule.className,
      fieldName: rule.fieldName,
      expression: rule.expression,
      comparisonValue: rule.comparisonValue,
      value: result.value,
      hit: result.hit,
      score: result.score,
      weight: rule.weight,
      level: rule.level,
    })),
    referable:
      order.status === 'REJECTED' &&
      order.machineResult === 'reject' &&
      order.firstReviewerId === null,
    referral: referral
      ? {
          reasonCode: referral.referral.reasonCode,
          remarks: referral.referral.remarks,
          by: referral.by ?? '',
          at: toIso(referral.referral.at),
        }
      : null,
  };
}

/** The book's command: the order goes to first review, the referral recorded with it. */
export function machineRefer(
  deps: ApprovalDeps,
  body: z.output<typeof machineReferBodySchema>,
  actorId: number,
) {
  return referMachineRejection(deps.loanBook, body, actorId);
}
