import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { roles, type RoleRow } from './roles.table.js';

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
