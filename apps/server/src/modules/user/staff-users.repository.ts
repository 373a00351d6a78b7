import { and, asc, count, eq, ilike, inArray, ne } from 'drizzle-orm';
import type { getUsersBodySchema, Language, StaffStatus } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { containsPattern, runList } from '../../shared/list-query.js';
import { roles, staffUserRoles } from './roles.table.js';
import { staffUsers, type StaffUserRow } from './staff-users.table.js';

export interface NewStaffUser {
  email: string;
  name: string;
  avatar?: string;
  passwordHash: string;
  language?: Language;
  status?: StaffStatus;
  at: Date;
}

export function countStaffUsers(db: Executor): Promise<number> {
  return db
    .select({ total: count() })
    .from(staffUsers)
    .then((rows) => rows[0]?.total ?? 0);
}

export async function insertStaffUser(db: Executor, user: NewStaffUser): Promise<StaffUserRow> {
  const [row] = await db
    .insert(staffUsers)
    .values({
      email: user.email,
      name: user.name,
      avatar: user.avatar ?? '',
      passwordHash: user.passwordHash,
      language: user.language ?? 'en',
      status: user.status ?? 'enabled',
      createdAt: user.at,
      updatedAt: user.at,
    })
    .returning();
  if (!row) throw new Error('insert into staff_users returned nothing');
  return row;
}

export async function findStaffUserByEmail(
  db: Executor,
  email: string,
): Promise<StaffUserRow | undefined> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, email));
  return row;
}

/** Staff ids by e-mail, in id order: of the e-mails given, or of every account. */
export async function staffIdsByEmail(
  db: Executor,
  emails?: readonly string[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: staffUsers.id, email: staffUsers.email })
    .from(staffUsers)
    .where(emails ? inArray(staffUsers.email, [...emails]) : undefined)
    .orderBy(asc(staffUsers.id));
  return new Map(rows.map((row) => [row.email, row.id]));
}

export async function findStaffUserById(
  db: Executor,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<StaffUserRow | undefined> {
  const query = db.select().from(staffUsers).where(eq(staffUsers.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateStaffUser(
  db: Executor,
  id: number,
  changes: Partial<
    Pick<
      StaffUserRow,
      'name' | 'avatar' | 'status' | 'language' | 'passwordHash' | 'lastLoginAt' | 'updatedAt'
    >
  >,
): Promise<void> {
  await db.update(staffUsers).set(changes).where(eq(staffUsers.id, id));
}

/** Staff accounts (the contract's `user.get_users` body), by id unless sorted otherwise. */
export function listStaffUsers(db: Executor, body: z.output<typeof getUsersBodySchema>) {
  return runList(
    db,
    {
      select: () => db.select().from(staffUsers),
      where: {
        email: (email) => ilike(staffUsers.email, containsPattern(email)),
        name: (name) => ilike(staffUsers.name, containsPattern(name)),
        status: (status) => eq(staffUsers.status, status),
        roleId: (roleId) =>
          inArray(
            staffUsers.id,
            db
              .select({ userId: staffUserRoles.userId })
              .from(staffUserRoles)
              .where(eq(staffUserRoles.roleId, roleId)),
          ),
      },
      sortColumns: {
        id: staffUsers.id,
        email: staffUsers.email,
        name: staffUsers.name,
        createdAt: staffUsers.createdAt,
        lastLoginAt: staffUsers.lastLoginAt,
      },
      defaultSort: { field: 'id', order: 'asc' },
      id: staffUsers.id,
    },
    body,
  );
}

export interface RoleGrant {
  id: number;
  name: string;
  menus: string[];
  interfaces: string[];
}

/** The roles a staff member holds, read fresh so a change applies at the next call. */
export function rolesOfUser(db: Executor, userId: number): Promise<RoleGrant[]> {
  return db
    .select({ id: roles.id, name: roles.name, menus: roles.menus, interfaces: roles.interfaces })
    .from(staffUserRoles)
    .innerJoin(roles, eq(roles.id, staffUserRoles.roleId))
    .where(eq(staffUserRoles.userId, userId))
    .orderBy(asc(roles.id));
}

export async function roleRefsOfUsers(
  db: Executor,
  userIds: number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const byUser = new Map<number, { id: number; name: string }[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: staffUserRoles.userId, id: roles.id, name: roles.name })
    .from(staffUserRoles)
    .innerJoin(roles, eq(roles.id, staffUserRoles.roleId))
    .where(inArray(staffUserRoles.userId, userIds))
    .orderBy(asc(roles.id));
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push({ id: row.id, name: row.name });
    byUser.set(row.userId, list);
  }
  return byUser;
}

export async function replaceUserRoles(
  db: Executor,
  userId: number,
  roleIds: number[],
): Promise<void> {
  await db.delete(staffUserRoles).where(eq(staffUserRoles.userId, userId));
  if (roleIds.length > 0) {
    await db.insert(staffUserRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  }
}

/** Enabled holders of the named role other than `exceptUserId`. */
export async function countOtherEnabledHolders(
  db: Executor,
  roleName: string,
  exceptUserId: number,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(staffUserRoles)
    .innerJoin(roles, eq(roles.id, staffUserRoles.roleId))
    .innerJoin(staffUsers, eq(staffUsers.id, staffUserRoles.userId))
    .where(
      and(
        eq(roles.name, roleName),
        eq(staffUsers.status, 'enabled'),
        ne(staffUsers.id, exceptUserId),
      ),
    );
  return row?.total ?? 0;
}

/** Sessions and role links go with it (cascade); sign-in attempts keep the e-mail tried. */
export async function deleteStaffUser(db: Executor, id: number): Promise<void> {
  await db.delete(staffUsers).where(eq(staffUsers.id, id));
}

/** The names of these staff users (those that exist), for lists that show who did what. */
export async function staffNamesOf(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(inArray(staffUsers.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
