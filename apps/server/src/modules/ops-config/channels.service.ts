import type { Channel, SaveChannelBody, listChannelsBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { AuditRecorder } from '../../plugins/audit-port.js';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { toIso } from '../../shared/timestamps.js';
import { registrationsByChannel } from '../borrower-app/index.js';
import * as repo from './channels.repository.js';
import type { OpsConfigDeps } from './ops-config.deps.js';

/** The acquisition channels (channelList): where registrations come from. */

export async function listChannels(
  deps: OpsConfigDeps,
  body: z.output<typeof listChannelsBodySchema>,
) {
  const { list, total } = await repo.listChannels(deps.db, body);
  return {
    total,
    list: list.map(({ channel: c, registrations }): Channel => ({
      code: c.code,
      name: c.name,
      partner: c.partner,
      link: c.link,
      status: c.status,
      registrations: Number(registrations ?? 0),
      updatedAt: toIso(c.updatedAt),
    })),
  };
}

export async function saveChannel(
  deps: OpsConfigDeps,
  tx: Executor,
  audit: AuditRecorder,
  body: Required<SaveChannelBody>,
): Promise<Channel> {
  const before = await repo.findChannel(tx, body.code);
  if (body.create && before) throw new AppError('duplicate', { field: 'code' });
  if (!body.create && !before) throw new AppError('notFound', { field: 'code' });
  const { create: _create, code, ...values } = body;
  const at = deps.clock.now();
  const row = before
    ? await repo.updateChannel(tx, code, { ...values, updatedAt: at })
    : await repo.insertChannel(tx, { code, ...values, updatedAt: at });
  await audit.record({
    targetType: 'acquisition_channel',
    targetId: code,
    before: before ? { ...before, updatedAt: undefined } : null,
    after: { ...row, updatedAt: undefined },
  });
  return {
    ...values,
    code,
    registrations: await registrationsByChannel(tx, code),
    updatedAt: toIso(row.updatedAt),
  };
}
