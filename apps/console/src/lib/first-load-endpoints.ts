import {
  endpointPlaceOf,
  type EndpointDefinition,
  type configApi,
  type powerApi,
  type userApi,
} from '@lending/contract';

/**
 * The endpoints the first load calls (the sign-in page, the language links, the route guard's
 * user_info) as id, method and path only. The contract's definitions carry their zod schemas,
 * and any one of them brings zod (some 40 KB gzipped) into the sign-in page; the request client
 * reads only the method and path. Typed as the contract's definitions, so calls keep their body
 * and answer types; the schemas themselves are absent (`body`, `query`, `ret` are undefined).
 * first-load-endpoints.test.ts checks each against the contract.
 */
function placeOnly<E extends EndpointDefinition>(id: E['id'], method: E['method']): E {
  const place: Pick<EndpointDefinition, 'id' | 'method' | 'module' | 'path'> = {
    id,
    method,
    ...endpointPlaceOf(id),
  };
  return place as E;
}

export const loginEndpoint = placeOnly<typeof userApi.login>('user.login', 'POST');
export const userInfoEndpoint = placeOnly<typeof userApi.userInfo>('user.user_info', 'GET');
export const configIndexEndpoint = placeOnly<typeof configApi.configIndex>('config.index', 'POST');
export const setLanguageEndpoint = placeOnly<typeof powerApi.setLanguage>(
  'power.set_language',
  'POST',
);
