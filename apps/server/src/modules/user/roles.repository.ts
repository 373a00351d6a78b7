import { count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { getRolesBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { containsPattern, runList } from '../../shared/list-query.js';
import { roles, staffUserRoles, type RoleRow } from './roles.table.js';

export interface NewRole {
  name: string;
  description?: string;
  menus: string[];
  interfaces: string[];
  isSystem?: boolean;
}

export async function insertRole(db: Executor, role: NewRole): Promise<RoleRow> {
  const [row] = await db
    .insert(roles)
    .values({
      name: role.name,
      description: role.description ?? '',
      menus: role.menus,
      interfaces: role.interfaces,
      isSystem: role.isSystem ?? false,
    })
    .returning();
  if (!row) throw new Error('insert into roles returned nothing');
  return row;
}

export async function findRolesByIds(db: Executor, ids: number[]): Promise<RoleRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(roles).where(inArray(roles.id, ids));
}

export async function findRoleByName(db: Executor, name: string): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.name, name));
  return row;
}

/**
 * Locks the named role's row until the transaction ends, so two concurrent edits that each
 * check "another admin remains" cannot both pass.
 */
export async function lockRoleByName(db: Executor, name: string): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.name, name)).for('update');
  return row;
}

export async function findRoleById(
  db: Executor,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<RoleRow | undefined> {
  const query = db.select().from(roles).where(eq(roles.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findRoleByNameInsensitive(
  db: Executor,
  name: string,
): Promise<RoleRow | undefined> {
  const [row] = await db
    .select()
    .from(roles)
    .where(sql`lower(${roles.name}) = lower(${name})`);
  return row;
}

export async function updateRole(
  db: Executor,
  id: number,
  changes: Partial<Pick<RoleRow, 'name' | 'description' | 'menus' | 'interfaces'>>,
): Promise<RoleRow> {
  const [row] = await db.update(roles).set(changes).where(eq(roles.id, id)).returning();
  if (!row) throw new Error(`role ${id} vanished during its update`);
  return row;
}

export async function deleteRoleById(db: Executor, id: number): Promise<void> {
  await db.delete(roles).where(eq(roles.id, id));
}

export async function countRoleHolders(db: Executor, roleId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(staffUserRoles)
    .where(eq(staffUserRoles.roleId, roleId));
  return row?.total ?? 0;
}

/** Roles (the contract's `power.get_roles` body), by id unless sorted otherwise. */
export function listRoles(db: Executor, body: z.output<typeof getRolesBodySchema>) {
  return runList(
    db,
    {
      select: () => db.select().from(roles),
      where: { name: (name) => ilike(roles.name, containsPattern(name)) },
      sortColumns: { id: roles.id, name: roles.name },
      defaultSort: { field: 'id', order: 'asc' },
      id: roles.id,
    },
    body,
  );
}

/** How many accounts hold each of these roles (absent: none). */
export async function holderCounts(db: Executor, roleIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (roleIds.length === 0) return counts;
  const rows = await db
    .select({ roleId: staffUserRoles.roleId, total: count() })
    .from(staffUserRoles)
    .where(inArray(staffUserRoles.roleId, roleIds))
    .groupBy(staffUserRoles.roleId);
  for (const row of rows) counts.set(row.roleId, row.total);
  return counts;
}
