import type { z } from 'zod';
import type { riskSettingsSchema } from '@lending/contract';
import { toIsoOrNull } from '../../shared/timestamps.js';
import type { RiskDeps } from './risk.deps.js';
import { readRiskSettings, saveRiskSettings } from './settings.repository.js';

/** riskConfig: the global settings machine review applies before the rules. */
export async function getSettings(deps: RiskDeps) {
  const settings = await readRiskSettings(deps.db);
  const { updatedBy: _by, ...values } = settings;
  return { ...values, updatedAt: toIsoOrNull(settings.updatedAt) };
}

export async function saveSettings(
  deps: RiskDeps,
  body: z.output<typeof riskSettingsSchema>,
  actorId: number,
) {
  await saveRiskSettings(deps.db, {
    ...body,
    allowedRegions: [...new Set(body.allowedRegions.map((r) => r.trim()))],
    updatedAt: deps.clock.now(),
    updatedBy: actorId,
  });
  return getSettings(deps);
}
