import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  changePasswordBodySchema,
  editUserBodySchema,
  getUsersBodySchema,
  getUsersRetSchema,
  loginBodySchema,
  loginRetSchema,
  staffUserSchema,
  userInfoQuerySchema,
  userInfoSchema,
} from './user.schema.js';

export const login = defineEndpoint({
  id: 'user.login',
  method: 'POST',
  path: '/user/login',
  module: 'user',
  summary: 'Sign in with e-mail and password; returns a new session token',
  access: 'public',
  mutates: true,
  body: loginBodySchema,
  query: undefined,
  ret: loginRetSchema,
});

export const userInfo = defineEndpoint({
  id: 'user.user_info',
  method: 'GET',
  path: '/user/user_info',
  module: 'user',
  summary: "The signed-in staff member's name, avatar and permitted route names",
  access: 'session',
  mutates: false,
  body: undefined,
  query: userInfoQuerySchema,
  ret: userInfoSchema,
});

export const logout = defineEndpoint({
  id: 'user.logout',
  method: 'POST',
  path: '/user/logout',
  module: 'user',
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
  path: '/user/change_password',
  module: 'user',
  summary: 'Change the own password; ends every other session of the account',
  access: 'session',
  mutates: true,
  body: changePasswordBodySchema,
  query: undefined,
  ret: z.null(),
});

export const getUsers = defineEndpoint({
  id: 'user.get_users',
  method: 'POST',
  path: '/user/get_users',
  module: 'user',
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
  path: '/user/edit_user',
  module: 'user',
  summary: "Edit a staff account's name, avatar, status or roles",
  access: 'granted',
  mutates: true,
  body: editUserBodySchema,
  query: undefined,
  ret: staffUserSchema,
});

export const userEndpoints = [login, userInfo, logout, changePassword, getUsers, editUser] as const;
