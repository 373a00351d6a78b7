import { describe, expect, it } from 'vitest';
import { configApi, powerApi, userApi } from '@lending/contract';
import {
  configIndexEndpoint,
  loginEndpoint,
  setLanguageEndpoint,
  userInfoEndpoint,
} from './first-load-endpoints';

describe('first-load endpoints', () => {
  it.each([
    [loginEndpoint, userApi.login],
    [userInfoEndpoint, userApi.userInfo],
    [configIndexEndpoint, configApi.configIndex],
    [setLanguageEndpoint, powerApi.setLanguage],
  ])('%# answers at the contract endpoint’s id, method, module and path', (place, endpoint) => {
    expect(place).toEqual({
      id: endpoint.id,
      method: endpoint.method,
      module: endpoint.module,
      path: endpoint.path,
    });
  });
});
