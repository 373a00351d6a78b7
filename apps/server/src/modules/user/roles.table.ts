import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { staffUsers } from './staff-users.table.js';

/** A role holds route names (menus the console shows) and interface ids (calls it may make). */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  menus: text('menus')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  interfaces: text('interfaces')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** System roles (admin) are created by the seed and cannot be deleted. */
  isSystem: boolean('is_system').notNull().default(false),
});

export const staffUserRoles = pgTable(
  'staff_user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.roleId] }),
    index('staff_user_roles_role_idx').on(table.roleId),
  ],
);

export type RoleRow = typeof roles.$inferSelect;
