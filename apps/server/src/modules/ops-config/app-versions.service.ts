import type {
  AppVersion,
  VersionCheckRet,
  listVersionsBodySchema,
  saveVersionBodySchema,
} from '@lending/contract';
import type { z } from 'zod';
import type { AuditRecorder } from '../../plugins/audit-port.js';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { toIso } from '../../shared/timestamps.js';
import * as repo from './app-versions.repository.js';
import type { OpsConfigDeps } from './ops-config.deps.js';
import type { AppVersionRow } from './ops-config.table.js';
import { staffNameOf } from './staff-names.repository.js';

/** `1.4.2` → 100040002: orders versions as numbers, not as text (1.10.0 after 1.9.0). */
export function versionSortKey(version: string): number {
  const [major, minor, patch] = version.split('.').map(Number) as [number, number, number];
  return major * 100_000_000 + minor * 10_000 + patch;
}

function versionView(row: AppVersionRow, releasedBy: string | null): AppVersion {
  return {
    version: row.version,
    content: row.content,
    forceUpdate: row.forceUpdate,
    packageUrl: row.packageUrl,
    releasedAt: toIso(row.releasedAt),
    releasedBy,
  };
}

export async function listVersions(
  deps: OpsConfigDeps,
  body: z.output<typeof listVersionsBodySchema>,
) {
  const { list, total } = await repo.listVersions(deps.db, body);
  return { total, list: list.map((r) => versionView(r.version, r.releasedBy)) };
}

export async function saveVersion(
  deps: OpsConfigDeps,
  tx: Executor,
  audit: AuditRecorder,
  actorId: number,
  body: z.output<typeof saveVersionBodySchema>,
) {
  const actor = { id: actorId, name: await staffNameOf(tx, actorId) };
  const before = await repo.findVersion(tx, body.version);
  if (body.create && before) throw new AppError('duplicate', { field: 'version' });
  if (!body.create && !before) throw new AppError('notFound', { field: 'version' });
  const values = {
    content: body.content,
    forceUpdate: body.forceUpdate,
    packageUrl: body.packageUrl,
  };
  const row = before
    ? await repo.updateVersion(tx, body.version, values)
    : await repo.insertVersion(tx, {
        version: body.version,
        sortKey: versionSortKey(body.version),
        ...values,
        releasedAt: deps.clock.now(),
        releasedBy: actor.id,
      });
  await audit.record({
    targetType: 'app_version',
    targetId: body.version,
    before: before ? { ...values, ...pick(before) } : null,
    after: pick(row),
  });
  return versionView(row, before ? null : actor.name);
}

function pick(row: AppVersionRow) {
  return { content: row.content, forceUpdate: row.forceUpdate, packageUrl: row.packageUrl };
}

export async function deleteVersion(tx: Executor, audit: AuditRecorder, version: string) {
  const row = await repo.deleteVersion(tx, version);
  if (!row) throw new AppError('notFound', { field: 'version' });
  await audit.record({ targetType: 'app_version', targetId: version, before: pick(row) });
  return {};
}

/**
 * The app asks with its version: `force` when any newer release is a forced one (skipping a
 * forced release does not escape it), `optional` when only optional releases are newer,
 * `none` when it is up to date. `latest` is the newest release.
 */
export async function versionCheck(db: Executor, version: string): Promise<VersionCheckRet> {
  const newer = await repo.versionsAfter(db, versionSortKey(version));
  const latest = newer[0];
  if (!latest) return { update: 'none', latest: null };
  return {
    update: newer.some((release) => release.forceUpdate) ? 'force' : 'optional',
    latest: { version: latest.version, content: latest.content, packageUrl: latest.packageUrl },
  };
}
