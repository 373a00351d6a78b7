import { describe, expect, it } from 'vitest';
import { configIndex, login, setLanguage, userInfo } from '@lending/contract';
import {
  configIndexEndpoint,
  loginEndpoint,
  setLanguageEndpoint,
  userInfoEndpoint,
} from './first-load-endpoints';

describe('first-load endpoints', () => {
  it.each([
    [loginEndpoint, login],
    [userInfoEndpoint, userInfo],
    [configIndexEndpoint, configIndex],
    [setLanguageEndpoint, setLanguage],
  ])('%# answers at the contract endpoint’s id, method, module and path', (place, endpoint) => {
    expect(place).toEqual({
      id: endpoint.id,
      method: endpoint.method,
      module: endpoint.module,
      path: endpoint.path,
    });
  });
});
