import {
  ADMIN_ROLE,
  type EditUserBody,
  type Language,
  type StaffUser,
  type UserInfo,
  getUsersBodySchema,
} from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import { findRolesByIds, lockRoleByName } from './roles.repository.js';
import type { SessionService } from './sessions.service.js';
import {
  countOtherEnabledHolders,
  findStaffUserById,
  listStaffUsers,
  replaceUserRoles,
  roleRefsOfUsers,
  rolesOfUser,
  staffUserSortColumns,
  updateStaffUser,
  type RoleGrant,
  type StaffUserSortField,
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

function isSortField(field: string): field is StaffUserSortField {
  return Object.hasOwn(staffUserSortColumns, field);
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

export function createStaffUsersService(deps: UserModuleDeps, sessions: SessionService) {
  const { db, clock } = deps;

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

    /** Spec §6: `['admin']` for an administrator, else the route names of the caller's roles. */
    async userInfo(userId: number): Promise<UserInfo> {
      const user = await findStaffUserById(db, userId);
      if (!user) throw new AppError('sessionEnded');
      const grants = grantsFromRoles(await rolesOfUser(db, userId));
      return {
        name: user.name,
        avatar: user.avatar,
        roles: grants.isAdmin ? [ADMIN_ROLE] : grants.menus,
        email: user.email,
        language: user.language,
      };
    },

    async setLanguage(userId: number, language: Language): Promise<{ language: Language }> {
      await updateStaffUser(db, userId, { language, updatedAt: clock.now() });
      return { language };
    },

    async listUsers(query: GetUsersQuery): Promise<{ list: StaffUser[]; total: number }> {
      const sortField = query.sort?.field ?? 'id';
      if (!isSortField(sortField)) {
        throw AppError.invalid(
          'sort.field',
          `must be one of ${Object.keys(staffUserSortColumns).join(', ')}`,
        );
      }
      const { rows, total } = await listStaffUsers(db, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
        email: query.filters?.email?.toLowerCase() || undefined,
        name: query.filters?.name || undefined,
        roleId: query.filters?.roleId,
        status: query.filters?.status,
        sortField,
        sortOrder: query.sort?.order ?? 'asc',
      });
      const roleRefs = await roleRefsOfUsers(
        db,
        rows.map((row) => row.id),
      );
      return { list: rows.map((row) => toStaffUser(row, roleRefs.get(row.id) ?? [])), total };
    },

    /**
     * Edits an account in one transaction. Disabling ends its sessions at once; a role change
     * needs no session change because grants are read from the database on every call.
     * The last enabled administrator can be neither disabled nor stripped of `admin`.
     */
    async editUser(body: EditUserBody): Promise<StaffUser> {
      return db.transaction(async (tx) => {
        const touchesAdminGuard = body.status !== undefined || body.roleIds !== undefined;
        // Lock first (always in this order) so concurrent edits see each other's outcome.
        const adminRole = touchesAdminGuard ? await lockRoleByName(tx, ADMIN_ROLE) : undefined;
        const user = await findStaffUserById(tx, body.id, { forUpdate: true });
        if (!user) throw new AppError('notFound');

        let roleIds: number[] | undefined;
        if (body.roleIds !== undefined) {
          roleIds = [...new Set(body.roleIds)];
          const found = await findRolesByIds(tx, roleIds);
          const missing = roleIds.filter((id) => !found.some((role) => role.id === id));
          if (missing.length > 0) {
            throw AppError.invalid('roleIds', `unknown role id ${missing.join(', ')}`);
          }
        }

        if (touchesAdminGuard) {
          const currentRoles = await rolesOfUser(tx, user.id);
          const isAdminNow =
            user.status === 'enabled' && currentRoles.some((role) => role.name === ADMIN_ROLE);
          const staysAdmin =
            roleIds === undefined
              ? currentRoles.some((role) => role.name === ADMIN_ROLE)
              : adminRole !== undefined && roleIds.includes(adminRole.id);
          const staysEnabled = (body.status ?? user.status) === 'enabled';
          if (isAdminNow && !(staysAdmin && staysEnabled)) {
            const others = await countOtherEnabledHolders(tx, ADMIN_ROLE, user.id);
            if (others === 0) {
              throw new AppError('conflict', {
                detail: 'the last enabled administrator must stay enabled and keep the admin role',
              });
            }
          }
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
        return loadStaffUser(tx, user.id);
      });
    },
  };
}

export type StaffUsersService = ReturnType<typeof createStaffUsersService>;
