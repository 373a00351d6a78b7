import { eq } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { riskSettings } from './risk.table.js';

/** What riskConfig holds; with no row yet, settings that refuse nothing beyond the rules. */
export const PERMISSIVE_RISK_SETTINGS = {
  blacklistCheck: true,
  maxOpenLoans: 10,
  reapplyDaysAfterRejection: 0,
  duplicateDeviceCheck: false,
  duplicatePhoneCheck: false,
  duplicatePanCheck: false,
  duplicateBankAccountCheck: false,
  minAge: 18,
  maxAge: 100,
  allowedRegions: [] as string[],
  updatedAt: null as Date | null,
  updatedBy: null as number | null,
};
export type RiskSettingsValues = typeof PERMISSIVE_RISK_SETTINGS;

export async function readRiskSettings(db: Executor): Promise<RiskSettingsValues> {
  const [row] = await db.select().from(riskSettings).where(eq(riskSettings.id, 1));
  if (!row) return PERMISSIVE_RISK_SETTINGS;
  const { id: _id, ...values } = row;
  return values;
}

/** riskConfig's one row (id 1), created by its first save. */
export async function saveRiskSettings(
  db: Executor,
  values: Omit<typeof riskSettings.$inferInsert, 'id'>,
): Promise<void> {
  await db
    .insert(riskSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: riskSettings.id, set: values });
}

/** riskConfig's row (id 1) written outright, where there is none yet (the demo book's). */
export async function insertRiskSettings(
  db: Executor,
  values: typeof riskSettings.$inferInsert,
): Promise<void> {
  await db.insert(riskSettings).values(values);
}
