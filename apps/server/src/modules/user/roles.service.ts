import {
  ADMIN_ROLE,
  type Role,
  type SaveRoleBody,
  type SetRoleInterfacesBody,
  type SetRoleMenusBody,
  getRolesBodySchema,
} from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { mustHoldAll, validateInterfaces, validateMenus, type HeldGrants } from './grant-rules.js';
import {
  countRoleHolders,
  deleteRoleById,
  findRoleById,
  findRoleByNameInsensitive,
  insertRole,
  holderCounts,
  listRoles,
  updateRole,
} from './roles.repository.js';
import type { RoleRow } from './roles.table.js';
import type { UserModuleDeps } from './user-module.js';

type GetRolesQuery = z.output<typeof getRolesBodySchema>;

function toRole(row: RoleRow, userCount: number): Role {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    menus: row.menus,
    interfaces: row.interfaces,
    isSystem: row.isSystem,
    userCount,
  };
}

export interface RoleChange {
  before: Role | null;
  after: Role;
}

export function createRolesService(
  deps: UserModuleDeps,
  heldBy: (userId: number) => Promise<HeldGrants>,
) {
  const { db } = deps;

  async function load(executor: Executor, id: number, forUpdate = false): Promise<RoleRow> {
    const row = await findRoleById(executor, id, { forUpdate });
    if (!row) throw new AppError('notFound', { field: 'id', detail: String(id) });
    return row;
  }

  async function view(executor: Executor, row: RoleRow): Promise<Role> {
    return toRole(row, await countRoleHolders(executor, row.id));
  }

  async function assertNameFree(executor: Executor, name: string, exceptId?: number) {
    const existing = await findRoleByNameInsensitive(executor, name);
    if (existing && existing.id !== exceptId) throw new AppError('duplicate', { field: name });
  }

  return {
    async list(query: GetRolesQuery): Promise<{ list: Role[]; total: number }> {
      const { list: rows, total } = await listRoles(db, query);
      const counts = await holderCounts(
        db,
        rows.map((row) => row.id),
      );
      return { list: rows.map((row) => toRole(row, counts.get(row.id) ?? 0)), total };
    },

    async detail(id: number): Promise<Role> {
      return view(db, await load(db, id));
    },

    async save(body: SaveRoleBody): Promise<RoleChange> {
      return db.transaction(async (tx) => {
        if (body.id === undefined) {
          await assertNameFree(tx, body.name);
          const row = await insertRole(tx, {
            name: body.name,
            description: body.description ?? '',
            menus: [],
            interfaces: [],
          });
          return { before: null, after: await view(tx, row) };
        }
        const current = await load(tx, body.id, true);
        if (current.isSystem && body.name !== current.name) {
          throw new AppError('systemRoleLocked', { field: current.name });
        }
        await assertNameFree(tx, body.name, current.id);
        const before = await view(tx, current);
        const row = await updateRole(tx, current.id, {
          name: body.name,
          description: body.description ?? current.description,
        });
        return { before, after: await view(tx, row) };
      });
    },

    async remove(callerId: number, id: number): Promise<Role> {
      const held = await heldBy(callerId);
      return db.transaction(async (tx) => {
        const row = await load(tx, id, true);
        if (row.isSystem || row.name === ADMIN_ROLE) {
          throw new AppError('systemRoleLocked', { field: row.name });
        }
        mustHoldAll(held, { menus: row.menus, interfaces: row.interfaces });
        const holders = await countRoleHolders(tx, row.id);
        if (holders > 0) throw new AppError('roleInUse', { detail: String(holders) });
        const before = toRole(row, 0);
        await deleteRoleById(tx, row.id);
        return before;
      });
    },

    async setMenus(callerId: number, body: SetRoleMenusBody): Promise<RoleChange> {
      const menus = validateMenus(body.menus);
      const held = await heldBy(callerId);
      return db.transaction(async (tx) => {
        const row = await load(tx, body.id, true);
        if (row.isSystem) throw new AppError('systemRoleLocked', { field: row.name });
        const added = menus.filter((name) => !row.menus.includes(name));
        mustHoldAll(held, { menus: added, interfaces: [] });
        const before = await view(tx, row);
        const after = await updateRole(tx, row.id, { menus });
        return { before, after: await view(tx, after) };
      });
    },

    async setInterfaces(callerId: number, body: SetRoleInterfacesBody): Promise<RoleChange> {
      const interfaces = validateInterfaces(body.interfaces);
      const held = await heldBy(callerId);
      return db.transaction(async (tx) => {
        const row = await load(tx, body.id, true);
        if (row.isSystem) throw new AppError('systemRoleLocked', { field: row.name });
        const added = interfaces.filter((id) => !row.interfaces.includes(id));
        mustHoldAll(held, { menus: [], interfaces: added });
        const before = await view(tx, row);
        const after = await updateRole(tx, row.id, { interfaces });
        return { before, after: await view(tx, after) };
      });
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
