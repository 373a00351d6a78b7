import type { RecoverySettings } from '@lending/contract';

/**
 * The rules of collection, read from the environment (defaults in brackets):
 * RECOVERY_PRE_WINDOW_DAYS [3] days before the due date a pre-collection case opens;
 * RECOVERY_STAGES [S1:1-7,S2:8-30,S3:31-60,S4:61-90,S5:91-] overdue-day stages;
 * The conduct guard's contact hours and attempt cap are operations settings read at each
 * contact (ContactRules; systemConfig2, decision 0044), not environment variables.
 */
export function loadRecoverySettings(env: NodeJS.ProcessEnv = process.env): RecoverySettings {
  const stagesText = env.RECOVERY_STAGES ?? 'S1:1-7,S2:8-30,S3:31-60,S4:61-90,S5:91-';
  const stages = stagesText.split(',').map((part) => {
    const match = /^\s*([A-Za-z0-9_-]{1,20}):(\d+)-(\d*)\s*$/.exec(part);
    if (!match) throw new Error(`RECOVERY_STAGES: cannot read "${part}"`);
    return { code: match[1]!, from: Number(match[2]), to: match[3] ? Number(match[3]) : null };
  });
  return {
    preWindowDays: Number(env.RECOVERY_PRE_WINDOW_DAYS ?? 3),
    stages,
  };
}

/** The pre-collection stage code (one stage: coming due). */
export const PRE_STAGE = 'PRE';

/** The conduct guard's rules: India contact hours (from inclusive, to exclusive) and the daily cap per case. */
export interface ContactRules {
  contactStart: string;
  contactEnd: string;
  attemptCapPerDay: number;
}
