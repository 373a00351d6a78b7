import type { z } from 'zod';
import type {
  decisionListBodySchema,
  DecisionRow,
  reviewerQualityBodySchema,
  ReviewerQualityRow,
} from '@lending/contract';
import { addDays } from '@lending/lending';
import { startOfIndiaDate } from '../../shared/india-date.js';
import { paiseToApi } from '../../shared/paise.js';
import { toIso } from '../../shared/timestamps.js';
import type { ApprovalDeps } from './approval.deps.js';
import * as repo from './approval.repository.js';
import { minutesBetween, ratePpm } from './review-figures.js';

// The decision record (reviewList) and the reviewers' quality (reviewerQuality).

export async function decisions(deps: ApprovalDeps, body: z.output<typeof decisionListBodySchema>) {
  const { list, total } = await repo.listDecisions(deps.db, body);
  return {
    total,
    list: list.map((row): DecisionRow => ({
      taskId: row.task.id,
      orderId: row.task.orderId,
      orderNo: row.orderNo,
      stage: row.task.stage,
      reviewerName: row.reviewerName,
      decision: row.task.decision ?? 'pass',
      rejectionCode: row.rejectionCode,
      remarks: row.task.remarks,
      approvedPrincipalPaise:
        row.task.approvedPrincipalPaise === null
          ? null
          : paiseToApi(row.task.approvedPrincipalPaise),
      minutes: minutesBetween(
        row.task.assignedAt ?? row.task.queuedAt,
        row.task.decidedAt ?? row.task.queuedAt,
      ),
      decidedAt: toIso(row.task.decidedAt ?? row.task.queuedAt),
    })),
  };
}

/**
 * Per reviewer over the decisions in the range: assigned, decided, pass rate, median minutes,
 * and of the loans they passed that were disbursed, how many defaulted on the first (and only)
 * payment, and how many ran 7+ and 30+ days overdue (now, or before clearing).
 */
export async function reviewerQuality(
  deps: ApprovalDeps,
  body: z.output<typeof reviewerQualityBodySchema>,
) {
  const rows = await repo.reviewerQualityRows(
    deps.db,
    body.dateFrom ? startOfIndiaDate(body.dateFrom) : null,
    body.dateTo ? startOfIndiaDate(addDays(body.dateTo, 1)) : null,
  );
  return {
    list: rows.map((row): ReviewerQualityRow => ({
      reviewerId: Number(row.reviewer_id),
      reviewerName: String(row.reviewer_name),
      assigned: Number(row.assigned),
      decided: Number(row.decided),
      passRatePpm: ratePpm(Number(row.passed), Number(row.decided)),
      medianMinutes:
        row.median_minutes === null || row.median_minutes === undefined
          ? null
          : Math.round(Number(row.median_minutes)),
      loans: Number(row.loans),
      firstPaymentDefault: Number(row.fpd),
      overdue7: Number(row.overdue7),
      overdue30: Number(row.overdue30),
    })),
  };
}
