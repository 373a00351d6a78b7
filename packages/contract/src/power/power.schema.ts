import { z } from 'zod';
import { idSchema } from '../common/fields.js';
import { languageSchema } from '../common/language-schema.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';

export const roleNameSchema = z.string().trim().min(1).max(50);

export const roleSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  /** Route names of the contract's route tree (a group grants its subtree). */
  menus: z.array(z.string()),
  /** Interface ids of the contract's endpoints. */
  interfaces: z.array(z.string()),
  /** System roles (admin) grant everything and cannot be renamed, stripped or deleted. */
  isSystem: z.boolean(),
  /** Accounts holding the role. */
  userCount: z.int().min(0),
});
export type Role = z.infer<typeof roleSchema>;

export const roleFiltersSchema = z.strictObject({
  name: z.string().trim().max(50).optional(),
});
export const getRolesBodySchema = listRequestSchema(roleFiltersSchema, ['id', 'name']);
export type GetRolesBody = z.input<typeof getRolesBodySchema>;
export const getRolesRetSchema = listResultSchema(roleSchema);

export const roleIdBodySchema = z.strictObject({ id: idSchema });

export const saveRoleBodySchema = z.strictObject({
  /** Absent: create a role; present: edit that role. */
  id: idSchema.optional(),
  name: roleNameSchema,
  description: z.string().trim().max(200).optional(),
});
export type SaveRoleBody = z.infer<typeof saveRoleBodySchema>;

export const setRoleMenusBodySchema = z.strictObject({
  id: idSchema,
  menus: z.array(z.string().min(1).max(64)).max(1000),
});
export type SetRoleMenusBody = z.infer<typeof setRoleMenusBodySchema>;

export const setRoleInterfacesBodySchema = z.strictObject({
  id: idSchema,
  interfaces: z.array(z.string().min(1).max(100)).max(1000),
});
export type SetRoleInterfacesBody = z.infer<typeof setRoleInterfacesBodySchema>;

export const interfaceEntrySchema = z.object({
  id: z.string(),
  method: z.enum(['GET', 'POST']),
  path: z.string(),
  summary: z.string(),
  mutates: z.boolean(),
});
export type InterfaceEntry = z.infer<typeof interfaceEntrySchema>;

/** The grantable interfaces, grouped by module, generated from the contract's endpoints. */
export const interfaceCatalogueSchema = z.object({
  modules: z.array(z.object({ module: z.string(), interfaces: z.array(interfaceEntrySchema) })),
});
export type InterfaceCatalogue = z.infer<typeof interfaceCatalogueSchema>;

export const setLanguageBodySchema = z.strictObject({ language: languageSchema });
