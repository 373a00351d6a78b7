import { count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { containsPattern, listOrder, type ListSort } from '../../shared/list-query.js';
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

const roleSortColumns = { id: roles.id, name: roles.name };

export async function listRoles(
  db: Executor,
  query: {
    offset: number;
    limit: number;
    name?: string | undefined;
    sort?: ListSort | undefined;
  },
): Promise<{ rows: RoleRow[]; total: number; counts: Map<number, number> }> {
  const where = query.name ? ilike(roles.name, containsPattern(query.name)) : undefined;
  const rows = await db
    .select()
    .from(roles)
    .where(where)
    .orderBy(...listOrder(roleSortColumns, roles.id, query.sort, { field: 'id', order: 'asc' }))
    .limit(query.limit)
    .offset(query.offset);
  const [totals] = await db.select({ total: count() }).from(roles).where(where);
  const counts = new Map<number, number>();
  if (rows.length > 0) {
    const holderCounts = await db
      .select({ roleId: staffUserRoles.roleId, total: count() })
      .from(staffUserRoles)
      .where(
        inArray(
          staffUserRoles.roleId,
          rows.map((row) => row.id),
        ),
      )
      .groupBy(staffUserRoles.roleId);
    for (const entry of holderCounts) counts.set(entry.roleId, entry.total);
  }
  return { rows, total: totals?.total ?? 0, counts };
}
