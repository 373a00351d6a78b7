import {
  ADMIN_ROLE,
  isAcceptablePassword,
  newPasswordSchema,
  type CreateUserBody,
  type EditUserBody,
  type ResetPasswordBody,
  type Language,
  type SignInBlock,
  type StaffUser,
  type StaffUserListItem,
  type UserInfo,
  getUsersBodySchema,
  grantableInterfaceIds,
} from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import { grantsBeyond, mustHoldAll, type HeldGrants } from './grant-rules.js';
import { findRolesByIds, lockRoleByName } from './roles.repository.js';
import type { RoleRow } from './roles.table.js';
import type { LoginThrottle } from './login-throttle.service.js';
import type { SessionService } from './sessions.service.js';
import {
  countOtherEnabledHolders,
  deleteStaffUser,
  findStaffUserByEmail,
  findStaffUserById,
  insertStaffUser,
  listStaffUsers,
  replaceUserRoles,
  roleRefsOfUsers,
  rolesOfUser,
  updateStaffUser,
  type RoleGrant,
} from './staff-users.repository.js';
import type { StaffUserRow } from './staff-users.table.js';
import type { UserModuleDeps } from './user-module.js';

type GetUsersQuery = z.output<typeof getUsersBodySchema>;

function toStaffUser(row: StaffUserRow, roles: { id: number; name: string }[]): StaffUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    avatar: row.avatar,
    status: row.status,
    language: row.language,
    roles,
    createdAt: toIso(row.createdAt),
    lastLoginAt: toIsoOrNull(row.lastLoginAt),
  };
}

/** What a staff member may do, from their roles as they are now. */
export interface Grants {
  isAdmin: boolean;
  roleNames: string[];
  menus: string[];
  interfaces: Set<string>;
}

export function grantsFromRoles(roleRows: RoleGrant[]): Grants {
  return {
    isAdmin: roleRows.some((role) => role.name === ADMIN_ROLE),
    roleNames: roleRows.map((role) => role.name),
    menus: [...new Set(roleRows.flatMap((role) => role.menus))],
    interfaces: new Set(roleRows.flatMap((role) => role.interfaces)),
  };
}

/** The password policy of an account set by someone else (docs/product.md §5, docs/security.md). */
function assertPasswordPolicy(password: string, email: string, field: string): void {
  if (!isAcceptablePassword(password)) {
    const issue = newPasswordSchema.safeParse(password).error?.issues[0];
    throw new AppError('weakPassword', {
      field,
      errors: [{ field, message: issue?.message ?? 'too weak' }],
    });
  }
  if (password.trim().toLowerCase() === email) {
    throw new AppError('passwordSameAsEmail', {
      field,
      errors: [{ field, message: 'must not be the e-mail address' }],
    });
  }
}

export interface StaffUserChange {
  before: StaffUser | null;
  after: StaffUser;
}

export function createStaffUsersService(
  deps: UserModuleDeps,
  sessions: SessionService,
  throttle: LoginThrottle,
) {
  const { db, clock, hasher } = deps;

  async function heldGrants(executor: Executor, userId: number): Promise<HeldGrants> {
    const grants = grantsFromRoles(await rolesOfUser(executor, userId));
    return { isAdmin: grants.isAdmin, menus: grants.menus, interfaces: grants.interfaces };
  }

  /** A non-admin manages only accounts whose grants it holds itself. */
  async function assertCanManage(executor: Executor, held: HeldGrants, targetId: number) {
    if (held.isAdmin) return;
    const target = grantsFromRoles(await rolesOfUser(executor, targetId));
    if (grantsBeyond(held, { ...target, interfaces: [...target.interfaces] }).length > 0) {
      throw new AppError('accountBeyondGrants');
    }
  }

  /** Roles newly given to an account: each must be within the caller's own grants. */
  function assertCanGive(held: HeldGrants, added: RoleRow[]): void {
    for (const role of added) {
      mustHoldAll(held, {
        isAdmin: role.name === ADMIN_ROLE,
        menus: role.menus,
        interfaces: role.interfaces,
      });
    }
  }

  async function knownRoles(executor: Executor, ids: number[]): Promise<RoleRow[]> {
    const unique = [...new Set(ids)];
    const found = await findRolesByIds(executor, unique);
    const missing = unique.filter((id) => !found.some((role) => role.id === id));
    if (missing.length > 0) {
      throw AppError.invalid('roleIds', `unknown role id ${missing.join(', ')}`);
    }
    return found;
  }

  /** Refuses a change that would leave no enabled administrator (call with the admin lock held). */
  async function assertAdminRemains(
    executor: Executor,
    user: StaffUserRow,
    outcome: { staysAdmin: boolean; staysEnabled: boolean },
  ): Promise<void> {
    const currentRoles = await rolesOfUser(executor, user.id);
    const isAdminNow =
      user.status === 'enabled' && currentRoles.some((role) => role.name === ADMIN_ROLE);
    if (isAdminNow && !(outcome.staysAdmin && outcome.staysEnabled)) {
      const others = await countOtherEnabledHolders(executor, ADMIN_ROLE, user.id);
      if (others === 0) {
        throw new AppError('conflict', {
          detail: 'the last enabled administrator must stay enabled and keep the admin role',
        });
      }
    }
  }

  async function loadStaffUser(executor: Executor, id: number): Promise<StaffUser> {
    const row = await findStaffUserById(executor, id);
    if (!row) throw new AppError('notFound');
    const roleRefs = await roleRefsOfUsers(executor, [id]);
    return toStaffUser(row, roleRefs.get(id) ?? []);
  }

  return {
    async grantsOf(userId: number): Promise<Grants> {
      return grantsFromRoles(await rolesOfUser(db, userId));
    },

    heldGrants: (userId: number) => heldGrants(db, userId),

    async staffOf(userId: number): Promise<{ name: string; email: string } | undefined> {
      const row = await findStaffUserById(db, userId);
      return row ? { name: row.name, email: row.email } : undefined;
    },

    async getUser(id: number): Promise<StaffUser> {
      return loadStaffUser(db, id);
    },

    /**
     * `['admin']` for an administrator, else the route names of the caller's roles;
     * and the interface ids they grant, in catalogue order (ids no endpoint has any more are left out).
     */
    async userInfo(userId: number): Promise<UserInfo> {
      const user = await findStaffUserById(db, userId);
      if (!user) throw new AppError('sessionEnded');
      const grants = grantsFromRoles(await rolesOfUser(db, userId));
      return {
        name: user.name,
        avatar: user.avatar,
        roles: grants.isAdmin ? [ADMIN_ROLE] : grants.menus,
        interfaces: grants.isAdmin
          ? [...grantableInterfaceIds]
          : grantableInterfaceIds.filter((id) => grants.interfaces.has(id)),
        email: user.email,
        language: user.language,
      };
    },

    async setLanguage(userId: number, language: Language): Promise<{ language: Language }> {
      await updateStaffUser(db, userId, { language, updatedAt: clock.now() });
      return { language };
    },

    /** The accounts with their sign-in blocks (an administrator sees who is locked out). */
    async listUsers(query: GetUsersQuery): Promise<{ list: StaffUserListItem[]; total: number }> {
      const { list: rows, total } = await listStaffUsers(db, query);
      const ids = rows.map((row) => row.id);
      const roleRefs = await roleRefsOfUsers(db, ids);
      const blocks = await throttle.blocksOf(ids);
      const list = rows.map((row) => ({
        ...toStaffUser(row, roleRefs.get(row.id) ?? []),
        signInBlocks: blocks.get(row.id) ?? [],
      }));
      return { list, total };
    },

    /**
     * Edits an account in one transaction. Disabling ends its sessions at once; a role change
     * needs no session change because grants are read from the database on every call.
     * The last enabled administrator can be neither disabled nor stripped of `admin`; a
     * non-admin neither manages an account stronger than itself nor gives roles beyond its own.
     */
    async editUser(callerId: number, body: EditUserBody): Promise<StaffUserChange> {
      return db.transaction(async (tx) => {
        const touchesAdminGuard = body.status !== undefined || body.roleIds !== undefined;
        // Lock first (always in this order) so concurrent edits see each other's outcome.
        const adminRole = touchesAdminGuard ? await lockRoleByName(tx, ADMIN_ROLE) : undefined;
        const user = await findStaffUserById(tx, body.id, { forUpdate: true });
        if (!user) throw new AppError('notFound');
        const held = await heldGrants(tx, callerId);
        await assertCanManage(tx, held, user.id);
        const before = await loadStaffUser(tx, user.id);

        let roleIds: number[] | undefined;
        if (body.roleIds !== undefined) {
          const found = await knownRoles(tx, body.roleIds);
          roleIds = found.map((role) => role.id);
          const currentIds = new Set(before.roles.map((role) => role.id));
          assertCanGive(
            held,
            found.filter((role) => !currentIds.has(role.id)),
          );
        }

        if (touchesAdminGuard) {
          const staysAdmin =
            roleIds === undefined
              ? before.roles.some((role) => role.name === ADMIN_ROLE)
              : adminRole !== undefined && roleIds.includes(adminRole.id);
          const staysEnabled = (body.status ?? user.status) === 'enabled';
          await assertAdminRemains(tx, user, { staysAdmin, staysEnabled });
        }

        const now = clock.now();
        await updateStaffUser(tx, user.id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.avatar !== undefined ? { avatar: body.avatar } : {}),
          ...(body.status !== undefined ? { status: body.status } : {}),
          updatedAt: now,
        });
        if (roleIds !== undefined) await replaceUserRoles(tx, user.id, roleIds);
        if (body.status === 'disabled' && user.status !== 'disabled') {
          await sessions.revokeAllOfUser(tx, user.id);
        }
        return { before, after: await loadStaffUser(tx, user.id) };
      });
    },

    async createUser(callerId: number, body: CreateUserBody): Promise<StaffUser> {
      assertPasswordPolicy(body.password, body.email, 'password');
      const passwordHash = await hasher.hash(body.password);
      return db.transaction(async (tx) => {
        const held = await heldGrants(tx, callerId);
        const found = await knownRoles(tx, body.roleIds);
        assertCanGive(held, found);
        if (await findStaffUserByEmail(tx, body.email)) {
          throw new AppError('duplicate', {
            field: body.email,
            errors: [{ field: 'email', message: 'already exists' }],
          });
        }
        const row = await insertStaffUser(tx, {
          email: body.email,
          name: body.name,
          passwordHash,
          at: clock.now(),
        });
        await replaceUserRoles(
          tx,
          row.id,
          found.map((role) => role.id),
        );
        return loadStaffUser(tx, row.id);
      });
    },

    /** An administrator sets a password: every session of that account ends at once. */
    async resetPassword(callerId: number, body: ResetPasswordBody): Promise<StaffUser> {
      const target = await findStaffUserById(db, body.id);
      if (!target) throw new AppError('notFound');
      assertPasswordPolicy(body.newPassword, target.email, 'newPassword');
      const passwordHash = await hasher.hash(body.newPassword);
      return db.transaction(async (tx) => {
        const user = await findStaffUserById(tx, body.id, { forUpdate: true });
        if (!user) throw new AppError('notFound');
        await assertCanManage(tx, await heldGrants(tx, callerId), user.id);
        await updateStaffUser(tx, user.id, { passwordHash, updatedAt: clock.now() });
        await sessions.revokeAllOfUser(tx, user.id);
        return loadStaffUser(tx, user.id);
      });
    },

    /**
     * Lifts an account's sign-in blocks: its failed attempts so far stop counting, from every
     * address. Harmless on an account that is not blocked (its failures are cleared all the
     * same). Returns the blocks that were lifted.
     */
    async unblockSignIn(
      callerId: number,
      id: number,
    ): Promise<{ email: string; lifted: SignInBlock[] }> {
      return db.transaction(async (tx) => {
        const user = await findStaffUserById(tx, id, { forUpdate: true });
        if (!user) throw new AppError('notFound');
        await assertCanManage(tx, await heldGrants(tx, callerId), user.id);
        const lifted = (await throttle.blocksOf([user.id])).get(user.id) ?? [];
        await throttle.unblock(tx, user.id);
        return { email: user.email, lifted };
      });
    },

    /** Deletes an account for good; never one's own, never the last enabled administrator. */
    async deleteUser(callerId: number, id: number): Promise<StaffUser> {
      if (callerId === id) throw new AppError('cannotDeleteSelf');
      return db.transaction(async (tx) => {
        await lockRoleByName(tx, ADMIN_ROLE);
        const user = await findStaffUserById(tx, id, { forUpdate: true });
        if (!user) throw new AppError('notFound');
        await assertCanManage(tx, await heldGrants(tx, callerId), user.id);
        await assertAdminRemains(tx, user, { staysAdmin: false, staysEnabled: false });
        const before = await loadStaffUser(tx, user.id);
        await deleteStaffUser(tx, user.id);
        return before;
      });
    },
  };
}

export type StaffUsersService = ReturnType<typeof createStaffUsersService>;
