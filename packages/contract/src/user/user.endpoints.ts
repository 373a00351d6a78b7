import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  changePasswordBodySchema,
  createUserBodySchema,
  deleteUserBodySchema,
  editUserBodySchema,
  getUsersBodySchema,
  getUsersRetSchema,
  loginBodySchema,
  loginRetSchema,
  resetPasswordBodySchema,
  staffUserSchema,
  unblockSignInBodySchema,
  userInfoQuerySchema,
  userInfoSchema,
} from './user.schema.js';

export const login = defineEndpoint({
  id: 'user.login',
  method: 'POST',
  summary: 'Sign in with e-mail and password; returns a new session token',
  access: 'public',
  mutates: true,
  errors: ['accountDisabled', 'invalidCredentials', 'loginSlowed', 'loginThrottled'],
  body: loginBodySchema,
  query: undefined,
  ret: loginRetSchema,
});

export const userInfo = defineEndpoint({
  id: 'user.user_info',
  method: 'GET',
  summary:
    "The signed-in staff member's name, avatar, permitted route names and granted interface ids",
  access: 'session',
  mutates: false,
  body: undefined,
  query: userInfoQuerySchema,
  ret: userInfoSchema,
});

export const logout = defineEndpoint({
  id: 'user.logout',
  method: 'POST',
  summary: 'End the current session',
  access: 'session',
  mutates: true,
  body: undefined,
  query: undefined,
  ret: z.null(),
});

export const changePassword = defineEndpoint({
  id: 'user.change_password',
  method: 'POST',
  summary: 'Change the own password; ends every other session of the account',
  access: 'session',
  mutates: true,
  errors: [
    'passwordSameAsEmail',
    'passwordUnchanged',
    'passwordsNotConsistent',
    'weakPassword',
    'wrongOldPassword',
  ],
  body: changePasswordBodySchema,
  query: undefined,
  ret: z.null(),
});

export const profile = defineEndpoint({
  id: 'user.profile',
  method: 'POST',
  summary: "The signed-in staff member's own account: e-mail, name, roles, language, last sign-in",
  access: 'session',
  mutates: false,
  errors: ['notFound'],
  body: undefined,
  query: undefined,
  ret: staffUserSchema,
});

export const getUsers = defineEndpoint({
  id: 'user.get_users',
  method: 'POST',
  summary: 'List staff accounts',
  access: 'granted',
  mutates: false,
  body: getUsersBodySchema,
  query: undefined,
  ret: getUsersRetSchema,
});

export const editUser = defineEndpoint({
  id: 'user.edit_user',
  method: 'POST',
  summary: "Edit a staff account's name, avatar, status or roles",
  access: 'granted',
  mutates: true,
  errors: ['accountBeyondGrants', 'conflict', 'grantNotHeld', 'notFound'],
  body: editUserBodySchema,
  query: undefined,
  ret: staffUserSchema,
});

export const createUser = defineEndpoint({
  id: 'user.create_user',
  method: 'POST',
  summary: 'Create a staff account with an initial password and roles',
  access: 'granted',
  mutates: true,
  errors: ['duplicate', 'grantNotHeld', 'notFound', 'passwordSameAsEmail', 'weakPassword'],
  body: createUserBodySchema,
  query: undefined,
  ret: staffUserSchema,
});

export const resetPassword = defineEndpoint({
  id: 'user.reset_password',
  method: 'POST',
  summary: "Set a staff account's password; ends every session of that account",
  access: 'granted',
  mutates: true,
  errors: ['accountBeyondGrants', 'notFound', 'passwordSameAsEmail', 'weakPassword'],
  body: resetPasswordBodySchema,
  query: undefined,
  ret: z.null(),
});

export const deleteUser = defineEndpoint({
  id: 'user.delete_user',
  method: 'POST',
  summary: 'Delete a staff account for good (not your own, not the last administrator)',
  access: 'granted',
  mutates: true,
  errors: ['accountBeyondGrants', 'cannotDeleteSelf', 'conflict', 'notFound'],
  body: deleteUserBodySchema,
  query: undefined,
  ret: z.null(),
});

export const unblockSignIn = defineEndpoint({
  id: 'user.unblock_sign_in',
  method: 'POST',
  summary: "Lift a staff account's sign-in blocks: its failed attempts no longer count",
  access: 'granted',
  mutates: true,
  errors: ['accountBeyondGrants', 'notFound'],
  body: unblockSignInBodySchema,
  query: undefined,
  ret: z.null(),
});

export const userEndpoints = [
  login,
  userInfo,
  logout,
  changePassword,
  profile,
  getUsers,
  editUser,
  createUser,
  resetPassword,
  deleteUser,
  unblockSignIn,
] as const;
