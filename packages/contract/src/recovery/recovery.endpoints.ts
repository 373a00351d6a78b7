import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  caseDetailBodySchema,
  caseDetailRetSchema,
  caseListBodySchema,
  caseListRetSchema,
  collectorListBodySchema,
  collectorListRetSchema,
  dailyProcessBodySchema,
  dailyProcessRetSchema,
  dispatchResultSchema,
  followUpBodySchema,
  followUpRetSchema,
  collectionGroupListBodySchema,
  collectionGroupListRetSchema,
  groupRefSchema,
  instalmentPlanBodySchema,
  manualDispatchBodySchema,
  moveBookBodySchema,
  performanceBodySchema,
  performanceRetSchema,
  stageFlowBodySchema,
  stageFlowRetSchema,
  runDispatchBodySchema,
  saveCollectorBodySchema,
  saveGroupBodySchema,
  sendReminderBodySchema,
  sendReminderRetSchema,
  takeBackBodySchema,
} from './recovery.schema.js';

const okRet = z.object({ ok: z.literal(true) });

export const listCases = defineEndpoint({
  id: 'recovery.case_list',
  method: 'POST',
  summary:
    'Collection and pre-collection cases: stage, overdue days, owed, collector, follow status, promise (a collector sees only their own)',
  access: 'granted',
  mutates: false,
  body: caseListBodySchema,
  query: undefined,
  ret: caseListRetSchema,
});

export const caseDetail = defineEndpoint({
  id: 'recovery.case_detail',
  method: 'POST',
  summary:
    'One case: history of moves, follow-ups, promises and the contact panel (within record scope)',
  access: 'granted',
  mutates: false,
  errors: ['caseOutOfScope', 'notFound'],
  body: caseDetailBodySchema,
  query: undefined,
  ret: caseDetailRetSchema,
});

export const logFollowUp = defineEndpoint({
  id: 'recovery.follow_up',
  method: 'POST',
  summary:
    'Log a contact: channel, result, promise date and amount, remarks (conduct guard: 08:00–19:00 India time, daily attempt cap)',
  access: 'granted',
  mutates: true,
  errors: ['caseOutOfScope', 'conflict', 'contactCapReached', 'contactOutsideHours', 'notFound'],
  body: followUpBodySchema,
  query: undefined,
  ret: followUpRetSchema,
});

export const instalmentPlan = defineEndpoint({
  id: 'recovery.instalment_plan',
  method: 'POST',
  summary: "Split what is owed into 2–4 dated promises (the loan's money does not change)",
  access: 'granted',
  mutates: true,
  errors: ['caseOutOfScope', 'conflict', 'notFound'],
  body: instalmentPlanBodySchema,
  query: undefined,
  ret: followUpRetSchema,
});

export const sendReminder = defineEndpoint({
  id: 'recovery.send_reminder',
  method: 'POST',
  summary: 'Send the borrower the reminder SMS template (conduct guard applies)',
  access: 'granted',
  mutates: true,
  errors: [
    'caseOutOfScope',
    'conflict',
    'contactCapReached',
    'contactOutsideHours',
    'notFound',
    'smsNotSent',
  ],
  body: sendReminderBodySchema,
  query: undefined,
  ret: sendReminderRetSchema,
});

export const listGroups = defineEndpoint({
  id: 'recovery.group_list',
  method: 'POST',
  summary: 'Collection groups: stages, members, daily cap, dispatch mode, keep days, active',
  access: 'granted',
  mutates: false,
  body: collectionGroupListBodySchema,
  query: undefined,
  ret: collectionGroupListRetSchema,
});

export const saveGroup = defineEndpoint({
  id: 'recovery.group_save',
  method: 'POST',
  summary: 'Create or edit a collection group',
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'duplicate', 'notFound'],
  body: saveGroupBodySchema,
  query: undefined,
  ret: okRet,
});

export const deleteGroup = defineEndpoint({
  id: 'recovery.group_delete',
  method: 'POST',
  summary: 'Delete a collection group without members or open cases',
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'notFound'],
  body: groupRefSchema,
  query: undefined,
  ret: okRet,
});

export const listCollectors = defineEndpoint({
  id: 'recovery.collector_list',
  method: 'POST',
  summary: 'Collectors: group, on duty, cap, open cases, contacts today, recovered this month',
  access: 'granted',
  mutates: false,
  body: collectorListBodySchema,
  query: undefined,
  ret: collectorListRetSchema,
});

export const saveCollector = defineEndpoint({
  id: 'recovery.collector_save',
  method: 'POST',
  summary: 'Put a staff member in a group as a collector, or change their duty, cap and weight',
  access: 'granted',
  mutates: true,
  errors: ['notFound'],
  body: saveCollectorBodySchema,
  query: undefined,
  ret: okRet,
});

export const manualDispatch = defineEndpoint({
  id: 'recovery.dispatch_manual',
  method: 'POST',
  summary: 'Dispatch selected cases to one collector (every move kept in the case history)',
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'notFound'],
  body: manualDispatchBodySchema,
  query: undefined,
  ret: dispatchResultSchema,
});

export const takeBack = defineEndpoint({
  id: 'recovery.take_back',
  method: 'POST',
  summary: 'Take cases back to the pool',
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'notFound'],
  body: takeBackBodySchema,
  query: undefined,
  ret: dispatchResultSchema,
});

export const moveBook = defineEndpoint({
  id: 'recovery.move_book',
  method: 'POST',
  summary: 'Move every open case of one collector to another',
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'notFound'],
  body: moveBookBodySchema,
  query: undefined,
  ret: dispatchResultSchema,
});

export const runDispatch = defineEndpoint({
  id: 'recovery.dispatch_run',
  method: 'POST',
  summary: "Dispatch the pool by the groups' rules now; reports the cases no one can take and why",
  access: 'granted',
  mutates: true,
  body: runDispatchBodySchema,
  query: undefined,
  ret: dispatchResultSchema,
});

export const dailyProcess = defineEndpoint({
  id: 'recovery.daily_process',
  method: 'POST',
  summary:
    'Per collector and group for a day: held, new, contacted, connected, promises, kept, recovered, cleared',
  access: 'granted',
  mutates: false,
  body: dailyProcessBodySchema,
  query: undefined,
  ret: dailyProcessRetSchema,
});

export const performance = defineEndpoint({
  id: 'recovery.performance',
  method: 'POST',
  summary:
    'Recovery rate by count and amount, promise-kept, contact and roll rates by collector, group, stage or month',
  access: 'granted',
  mutates: false,
  body: performanceBodySchema,
  query: undefined,
  ret: performanceRetSchema,
});

export const stageFlow = defineEndpoint({
  id: 'recovery.stage_flow',
  method: 'POST',
  summary:
    'Collection stage flow by month: cases entering each stage, roll rate to the next, repaid, recovered by amount, contact and promise-kept rates',
  access: 'granted',
  mutates: false,
  body: stageFlowBodySchema,
  query: undefined,
  ret: stageFlowRetSchema,
});

/** Collection and pre-collection (issue #12). */
export const recoveryEndpoints = [
  listCases,
  caseDetail,
  logFollowUp,
  instalmentPlan,
  sendReminder,
  listGroups,
  saveGroup,
  deleteGroup,
  listCollectors,
  saveCollector,
  manualDispatch,
  takeBack,
  moveBook,
  runDispatch,
  dailyProcess,
  performance,
  stageFlow,
] as const;
