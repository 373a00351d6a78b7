import { z } from 'zod';
import { languageSchema } from '../common/language-schema.js';
import { defineEndpoint } from '../endpoint.js';
import {
  getRolesBodySchema,
  getRolesRetSchema,
  interfaceCatalogueSchema,
  roleIdBodySchema,
  roleSchema,
  saveRoleBodySchema,
  setRoleInterfacesBodySchema,
  setLanguageBodySchema,
  setRoleMenusBodySchema,
} from './power.schema.js';

export const setLanguage = defineEndpoint({
  id: 'power.set_language',
  method: 'POST',
  summary: "Store the staff member's console language (bur, en or zh)",
  access: 'session',
  mutates: true,
  body: setLanguageBodySchema,
  query: undefined,
  ret: z.object({ language: languageSchema }),
});

export const getRoles = defineEndpoint({
  id: 'power.roles',
  method: 'POST',
  summary: 'List roles with their menus, interfaces and number of accounts',
  access: 'granted',
  mutates: false,
  body: getRolesBodySchema,
  query: undefined,
  ret: getRolesRetSchema,
});

export const roleDetail = defineEndpoint({
  id: 'power.role_detail',
  method: 'POST',
  summary: 'One role with its menus and interfaces',
  access: 'granted',
  mutates: false,
  errors: ['notFound'],
  body: roleIdBodySchema,
  query: undefined,
  ret: roleSchema,
});

export const saveRole = defineEndpoint({
  id: 'power.save_role',
  method: 'POST',
  summary: "Create a role, or edit a role's name and description",
  access: 'granted',
  mutates: true,
  errors: ['duplicate', 'notFound', 'systemRoleLocked'],
  body: saveRoleBodySchema,
  query: undefined,
  ret: roleSchema,
});

export const deleteRole = defineEndpoint({
  id: 'power.delete_role',
  method: 'POST',
  summary: 'Delete a role for good (not a system role, not one still assigned)',
  access: 'granted',
  mutates: true,
  errors: ['grantNotHeld', 'notFound', 'roleInUse', 'systemRoleLocked'],
  body: roleIdBodySchema,
  query: undefined,
  ret: z.null(),
});

export const setRoleMenus = defineEndpoint({
  id: 'power.set_role_menus',
  method: 'POST',
  summary: 'Replace the route names (menus) a role grants',
  access: 'granted',
  mutates: true,
  errors: ['grantNotHeld', 'notFound', 'systemRoleLocked'],
  body: setRoleMenusBodySchema,
  query: undefined,
  ret: roleSchema,
});

export const setRoleInterfaces = defineEndpoint({
  id: 'power.set_role_interfaces',
  method: 'POST',
  summary: 'Replace the interface ids a role grants',
  access: 'granted',
  mutates: true,
  errors: ['grantNotHeld', 'notFound', 'systemRoleLocked'],
  body: setRoleInterfacesBodySchema,
  query: undefined,
  ret: roleSchema,
});

export const getInterfaces = defineEndpoint({
  id: 'power.interfaces',
  method: 'POST',
  summary: 'The catalogue of grantable interfaces, grouped by module',
  access: 'granted',
  mutates: false,
  body: z.strictObject({}).optional(),
  query: undefined,
  ret: interfaceCatalogueSchema,
});

export const powerEndpoints = [
  setLanguage,
  getRoles,
  roleDetail,
  saveRole,
  deleteRole,
  setRoleMenus,
  setRoleInterfaces,
  getInterfaces,
] as const;
