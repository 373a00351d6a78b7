import { z } from 'zod';
import { idSchema } from '../common/fields.js';
import { PASSWORD_MIN_LENGTH } from '../common/constants.js';
import { languageSchema } from '../common/language-schema.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';

/**
 * What a caller may send as an e-mail address: zod's address pattern, spaces around it allowed
 * (they are trimmed), letters in either case (kept in lower case). The documents show it, as a
 * pipe's JSON Schema is its input side (decision 0069).
 */
export const EMAIL_INPUT_PATTERN = new RegExp(
  `^\\s*(?:${z.regexes.email.source.slice(1, -1)})\\s*$`,
);

/** E-mail is trimmed before anything else (docs/product.md §3: login payload email (trimmed)). */
export const emailSchema = z.string().trim().toLowerCase().min(3).max(254).pipe(z.email()).meta({
  format: 'email',
  pattern: EMAIL_INPUT_PATTERN.source,
  description: 'An e-mail address; spaces around it are trimmed and it is kept in lower case.',
});

/** At least 8 characters with both letters and numbers. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(128)
  .regex(/[A-Za-z]/, 'must contain a letter')
  .regex(/[0-9]/, 'must contain a number');

export function isAcceptablePassword(password: string): boolean {
  return newPasswordSchema.safeParse(password).success;
}

export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1).max(128),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginRetSchema = z.object({ token: z.string() });

export const userInfoQuerySchema = z.strictObject({ token: z.string().max(256).optional() });

/**
 * Name, avatar, roles (route names the user may see; `admin` for administrators).
 * `interfaces` are the interface ids the user's roles grant (an administrator: every grantable
 * one), so the console shows only the actions the server would allow.
 */
export const userInfoSchema = z.object({
  name: z.string(),
  avatar: z.string(),
  roles: z.array(z.string()),
  interfaces: z.array(z.string()),
  email: z.string(),
  language: languageSchema,
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const changePasswordBodySchema = z.strictObject({
  oldPassword: z.string().min(1).max(128),
  newPassword: z.string().max(128),
  confirmPassword: z.string().max(128),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const staffStatusSchema = z.enum(['enabled', 'disabled']);
export type StaffStatus = z.infer<typeof staffStatusSchema>;

export const staffRoleRefSchema = z.object({ id: z.int(), name: z.string() });

export const staffUserSchema = z.object({
  id: z.int(),
  email: z.string(),
  name: z.string(),
  avatar: z.string(),
  status: staffStatusSchema,
  language: languageSchema,
  roles: z.array(staffRoleRefSchema),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const staffUserFiltersSchema = z.strictObject({
  email: z.string().trim().max(254).optional(),
  name: z.string().trim().max(100).optional(),
  roleId: idSchema.optional(),
  status: staffStatusSchema.optional(),
});

/**
 * Where sign-in is refused after too many failed attempts, and until when (an instant, ISO):
 * `address` null is the whole account, from every address; otherwise only from that address.
 */
export const signInBlockSchema = z.object({ address: z.string().nullable(), until: z.string() });
export type SignInBlock = z.infer<typeof signInBlockSchema>;

/** An account as the account list shows it to an administrator: with its sign-in blocks. */
export const staffUserListItemSchema = staffUserSchema.extend({
  signInBlocks: z.array(signInBlockSchema),
});
export type StaffUserListItem = z.infer<typeof staffUserListItemSchema>;

export const getUsersBodySchema = listRequestSchema(staffUserFiltersSchema, [
  'id',
  'email',
  'name',
  'createdAt',
  'lastLoginAt',
]);
export type GetUsersBody = z.input<typeof getUsersBodySchema>;
export const getUsersRetSchema = listResultSchema(staffUserListItemSchema);

export const editUserBodySchema = z.strictObject({
  id: idSchema,
  name: z.string().trim().min(1).max(100).optional(),
  avatar: z.string().trim().max(500).optional(),
  status: staffStatusSchema.optional(),
  roleIds: z.array(idSchema).max(50).optional(),
});
export type EditUserBody = z.infer<typeof editUserBodySchema>;

export const createUserBodySchema = z.strictObject({
  email: emailSchema,
  name: z.string().trim().min(1).max(100),
  roleIds: z.array(idSchema).max(50),
  /**
   * The initial password (docs/product.md §5 policy); the staff member changes it after signing in.
   */
  password: z.string().max(128),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const resetPasswordBodySchema = z.strictObject({
  id: idSchema,
  newPassword: z.string().max(128),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const deleteUserBodySchema = z.strictObject({ id: idSchema });

export const unblockSignInBodySchema = z.strictObject({ id: idSchema });
export type UnblockSignInBody = z.infer<typeof unblockSignInBodySchema>;
