import type { RecoverySettings } from '@lending/contract';

/**
 * The rules of collection, read from the environment (defaults in brackets):
 * RECOVERY_PRE_WINDOW_DAYS [3] days before the due date a pre-collection case opens;
 * RECOVERY_STAGES [S1:1-7,S2:8-30,S3:31-60,S4:61-90,S5:91-] overdue-day stages;
 * RECOVERY_ATTEMPT_CAP [5] contact attempts per case per India day;
 * contact hours 08:00–19:00 India time (RBI fair practices code; not configurable upward).
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
    attemptCapPerDay: Number(env.RECOVERY_ATTEMPT_CAP ?? 5),
    contactStart: '08:00',
    contactEnd: '19:00',
  };
}

/** The pre-collection stage code (one stage: coming due). */
export const PRE_STAGE = 'PRE';
