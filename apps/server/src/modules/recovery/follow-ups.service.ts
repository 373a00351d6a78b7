import type { followUpBodySchema, instalmentPlanBodySchema } from '@lending/contract';
import { sendSms, SMS_TEMPLATES } from '../../integrations/index.js';
import { AppError } from '../../shared/app-error.js';
import { withinContactHours } from '../../shared/contact-hours.js';
import { indiaClockOf, indiaDateOf } from '../../shared/india-date.js';
import { closeSettledCases, refreshPriorities, settlePromises } from './case-state.repository.js';
import { caseInScope } from './cases.service.js';
import {
  attemptsOn,
  countFollowUp,
  insertFollowUp,
  insertPromises,
  owedOn,
  reminderFacts,
  replaceOpenPromises,
} from './follow-ups.repository.js';
import type { Body, RecoveryDeps } from './recovery.deps.js';

/**
 * The conduct guard (RBI fair practices code): a contact only within the contact hours and
 * under the daily attempt cap per case, both operations settings read at each contact (the
 * hours can narrow 08:00–19:00 India time, never widen it). A refused attempt is recorded (outside the
 * call's transaction, which the refusal rolls back) and the caller told why.
 */
export type Defer = (work: () => Promise<void>) => void;

async function guardContact(
  deps: RecoveryDeps,
  c: { id: number },
  userId: number,
  channel: string,
  now: Date,
  defer: Defer,
) {
  const today = indiaDateOf(now);
  const clock = indiaClockOf(now);
  const rules = await deps.contactRules();
  let refusal: 'outsideHours' | 'attemptCap' | null = null;
  if (!withinContactHours(clock, rules.contactStart, rules.contactEnd)) refusal = 'outsideHours';
  else if ((await attemptsOn(deps.db, c.id, today)) >= rules.attemptCapPerDay)
    refusal = 'attemptCap';
  if (!refusal) return;
  const failed = refusal;
  // The refusal rolls the call's transaction back; the record is written once it has ended.
  defer(async () => {
    await insertFollowUp(deps.rawDb, {
      caseId: c.id,
      collectorId: userId,
      channel,
      refused: true,
      refusal: failed,
      indiaDate: today,
      at: now,
    });
  });
  if (refusal === 'outsideHours')
    throw new AppError('contactOutsideHours', {
      field: String(c.id),
      detail: `${rules.contactStart}–${rules.contactEnd}`,
    });
  throw new AppError('contactCapReached', {
    field: String(c.id),
    detail: String(rules.attemptCapPerDay),
  });
}

/** A command's case brought up to date with the book first: closed if its order moved on, its promises settled. */
async function openCaseForAction(deps: RecoveryDeps, userId: number, caseId: number) {
  const now = deps.clock.now();
  let c = await caseInScope(deps.db, userId, caseId);
  if (c.status === 'open' && (await closeSettledCases(deps.db, now, [c.id])) > 0)
    c = await caseInScope(deps.db, userId, caseId);
  await settlePromises(deps.db, indiaDateOf(now), now, [c.id]);
  if (c.status !== 'open')
    throw new AppError('conflict', { field: 'caseId', detail: `case ${caseId} is ${c.status}` });
  return c;
}

export async function logFollowUp(
  deps: RecoveryDeps,
  userId: number,
  body: Body<typeof followUpBodySchema>,
  defer: Defer,
) {
  const now = deps.clock.now();
  const today = indiaDateOf(now);
  if (body.promiseDate && body.promiseDate < today)
    throw AppError.invalid('promiseDate', 'a promise date cannot be in the past');
  const c = await openCaseForAction(deps, userId, body.caseId);
  await guardContact(deps, c, userId, body.channel, now, defer);
  const followUpId = await insertFollowUp(deps.db, {
    caseId: c.id,
    collectorId: userId,
    channel: body.channel,
    result: body.result,
    detailCode: body.detailCode || null,
    promiseDate: body.result === 'promise' ? body.promiseDate! : null,
    promisePaise: body.result === 'promise' ? BigInt(body.promisePaise!) : null,
    remarks: body.remarks,
    indiaDate: today,
    at: now,
  });
  if (body.result === 'promise') {
    // A new promise replaces the open ones.
    await replaceOpenPromises(deps.db, c.id, now);
    await insertPromises(deps.db, [
      {
        caseId: c.id,
        followUpId,
        collectorId: userId,
        dueDate: body.promiseDate!,
        amountPaise: BigInt(body.promisePaise!),
        cumulativePaise: BigInt(body.promisePaise!),
        madeAt: now,
      },
    ]);
  }
  await countFollowUp(deps.db, c.id, {
    followStatus: body.result,
    lastContactAt: now,
    newVersion: true,
  });
  await refreshPriorities(deps.db, today, [c.id]);
  return { followUpId };
}

export async function instalmentPlan(
  deps: RecoveryDeps,
  userId: number,
  body: Body<typeof instalmentPlanBodySchema>,
) {
  const now = deps.clock.now();
  const today = indiaDateOf(now);
  body.instalments.forEach((item, i) => {
    if (item.dueDate < today)
      throw AppError.invalid(`instalments.${i}.dueDate`, 'a promise date cannot be in the past');
    if (i > 0 && item.dueDate <= body.instalments[i - 1]!.dueDate)
      throw AppError.invalid(`instalments.${i}.dueDate`, 'dates must follow one another');
  });
  const c = await openCaseForAction(deps, userId, body.caseId);
  const owed = await owedOn(deps.db, c.orderId);
  const sum = body.instalments.reduce((s, i) => s + BigInt(i.amountPaise), 0n);
  if (sum > owed)
    throw AppError.invalid(
      'instalments',
      `the instalments add up to more than is owed (${owed} paise)`,
    );
  const followUpId = await insertFollowUp(deps.db, {
    caseId: c.id,
    collectorId: userId,
    channel: 'call',
    result: 'promise',
    detailCode: 'instalmentPlan',
    promiseDate: body.instalments[0]!.dueDate,
    promisePaise: BigInt(body.instalments[0]!.amountPaise),
    remarks: body.remarks,
    indiaDate: today,
    at: now,
  });
  await replaceOpenPromises(deps.db, c.id, now);
  let cumulative = 0n;
  await insertPromises(
    deps.db,
    body.instalments.map((item, i) => {
      cumulative += BigInt(item.amountPaise);
      return {
        caseId: c.id,
        followUpId,
        collectorId: userId,
        dueDate: item.dueDate,
        amountPaise: BigInt(item.amountPaise),
        cumulativePaise: cumulative,
        instalment: i + 1,
        madeAt: now,
      };
    }),
  );
  await countFollowUp(deps.db, c.id, { followStatus: 'promise' });
  await refreshPriorities(deps.db, today, [c.id]);
  return { followUpId };
}

export async function sendReminder(
  deps: RecoveryDeps,
  userId: number,
  caseId: number,
  defer: Defer,
) {
  const now = deps.clock.now();
  const c = await openCaseForAction(deps, userId, caseId);
  await guardContact(deps, c, userId, 'sms', now, defer);
  const order = await reminderFacts(deps.db, c.orderId);
  const { messageId } = await sendSms(
    deps.db,
    deps.sms,
    {
      phone: order.phone,
      templateId: SMS_TEMPLATES.repaymentReminder,
      params: {
        orderNo: order.orderNo,
        amount: (Number(order.owed) / 100).toFixed(2),
        dueDate: order.due,
      },
    },
    now,
  );
  await insertFollowUp(deps.db, {
    caseId: c.id,
    collectorId: userId,
    channel: 'sms',
    detailCode: 'reminder',
    remarks: `reminder SMS ${SMS_TEMPLATES.repaymentReminder}`,
    indiaDate: indiaDateOf(now),
    at: now,
  });
  await countFollowUp(deps.db, c.id, { lastContactAt: now });
  // The contact follows up a broken promise: the case leaves the top of the list.
  await refreshPriorities(deps.db, indiaDateOf(now), [c.id]);
  return { messageId };
}
