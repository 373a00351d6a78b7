import type { RiskRuleRowApi, RiskVersionRow } from '@lending/contract';
import type { StatusTags } from '../../components/list-page';

export const versionStatusTags: StatusTags<RiskVersionRow['status']> = {
  draft: { label: 'risk.versionStatus.draft', color: 'gold' },
  published: { label: 'risk.versionStatus.published', color: 'green' },
  retired: { label: 'risk.versionStatus.retired' },
};

export const levelTags: StatusTags<RiskRuleRowApi['level']> = {
  hard: { label: 'risk.levels.hard', color: 'red' },
  soft: { label: 'risk.levels.soft', color: 'blue' },
};

export const decisionTags: StatusTags<'pass' | 'refer' | 'reject'> = {
  pass: { label: 'risk.decisions.pass', color: 'green' },
  refer: { label: 'risk.decisions.refer', color: 'gold' },
  reject: { label: 'risk.decisions.reject', color: 'red' },
};

/** A ppm share as a percentage, or a dash when nothing was counted. */
export function percentOf(ppm: number | null): string {
  return ppm === null ? '—' : `${(ppm / 10_000).toFixed(1)}%`;
}
