import {
  addRejectionCodes,
  addReviewers,
  addReviewGroups,
  countReviewGroups,
} from '../modules/approval/index.js';
import type { Database } from '../plugins/db.js';

/** The demo book's rejection codes (/approve/approvalRejection). */
export const DEMO_REJECTION_CODES = [
  {
    code: 'INCOME_LOW',
    textEn: 'Income too low for the amount',
    textZh: '收入不足以支撑借款金额',
    stage: 'any' as const,
    reapplyAfterDays: 30,
    blacklist: false,
    borrowerMessage: 'We cannot offer this loan now. You may apply again in 30 days.',
  },
  {
    code: 'KYC_MISMATCH',
    textEn: 'Identity documents do not match',
    textZh: '身份资料不一致',
    stage: 'first' as const,
    reapplyAfterDays: 7,
    blacklist: false,
    borrowerMessage: 'Your documents could not be verified. Please check them and apply again.',
  },
  {
    code: 'BANK_NAME_MISMATCH',
    textEn: 'Bank account holder differs from the applicant',
    textZh: '银行账户户名与申请人不符',
    stage: 'any' as const,
    reapplyAfterDays: 7,
    blacklist: false,
    borrowerMessage: 'The bank account must be in your own name.',
  },
  {
    code: 'FRAUD_SUSPECTED',
    textEn: 'Suspected fraud',
    textZh: '疑似欺诈',
    stage: 'any' as const,
    reapplyAfterDays: 365,
    blacklist: true,
    borrowerMessage: 'We cannot offer you a loan.',
  },
  {
    code: 'DEBT_BURDEN',
    textEn: 'Existing debt too high',
    textZh: '现有负债过高',
    stage: 'final' as const,
    reapplyAfterDays: 60,
    blacklist: false,
    borrowerMessage: 'We cannot offer this loan now. You may apply again in 60 days.',
  },
  {
    code: 'OLD_POLICY',
    textEn: 'Old policy reason (no longer used)',
    textZh: '旧政策原因（已停用）',
    stage: 'any' as const,
    reapplyAfterDays: 0,
    blacklist: false,
    borrowerMessage: 'We cannot offer this loan now.',
    enabled: false,
  },
];

/**
 * Review groups, reviewers and rejection codes for the demo book, if there are none: first
 * review by Riya and Arjun (new customers) and Neha (old), final review by the lead and Neha's
 * colleague… each staff account that the first start created. Returns the reviewer ids.
 */
export async function ensureApprovalSetup(
  db: Database,
  staff: Map<string, number>,
  at: Date,
): Promise<{ first: number[]; final: number[] }> {
  const ids = (emails: string[]) =>
    emails.map((email) => staff.get(email)).filter((id): id is number => id !== undefined);
  const first = ids(['reviewer@example.com', 'arjun@example.com']);
  const final = ids(['neha@example.com', 'lead@example.com']);
  if ((await countReviewGroups(db)) > 0) return { first, final };
  await db.transaction(async (tx) => {
    const [firstGroup, finalGroup] = await addReviewGroups(tx, [
      { name: 'First review', stage: 'first', customerType: 'all', dailyCap: 60, createdAt: at },
      { name: 'Final review', stage: 'final', customerType: 'all', dailyCap: 80, createdAt: at },
      // A group kept for later: returning customers only, not active yet.
      {
        name: 'First review — returning customers',
        stage: 'first',
        customerType: 'old',
        dailyCap: 40,
        active: false,
        createdAt: at,
      },
    ]);
    await addReviewers(tx, [
      ...first.map((userId) => ({ userId, groupId: firstGroup!, updatedAt: at })),
      ...final.map((userId) => ({ userId, groupId: finalGroup!, updatedAt: at })),
    ]);
    await addRejectionCodes(
      tx,
      DEMO_REJECTION_CODES.map((code) => ({ ...code, createdAt: at })),
    );
  });
  return { first, final };
}
