import {
  ADMIN_API_BASE,
  adminEndpoints,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointRet,
  type FieldError,
} from '@lending/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';

declare const invalidOnPurpose: unique symbol;

/** Input a test sends knowing it breaks the endpoint's schema; made only by `badBody`. */
export interface InvalidOnPurpose {
  readonly [invalidOnPurpose]: true;
}

/**
 * Marks input as invalid ON PURPOSE, for tests of validation, malformed or missing input: the
 * value goes on the wire as given, and `callEndpoint` accepts it whatever the endpoint's schema.
 * Use it only where the test means the server to refuse (or tolerate) wrong input.
 */
export function badBody(value: unknown): InvalidOnPurpose {
  return value as InvalidOnPurpose;
}

/**
 * What an endpoint takes from the caller: its body (as the console sends it, the schema's input
 * type), or for one without a body its query (the contract's GETs: `method` is not a literal
 * type, so the schemas tell), or none (`undefined`: no query string). A call without input
 * also takes `{}`, which the server reads as no input.
 */
export type EndpointInput<E> =
  E extends EndpointDefinition<infer _B, infer Q, infer _R>
    ? EndpointBody<E> extends undefined
      ? Q extends z.ZodType
        ? z.input<Q> | undefined
        : undefined | Record<string, never>
      : EndpointBody<E>
    : never;

/**
 * The reply's body: the envelope (packages/contract/src/common/envelope.ts) with the contract's
 * `ret`. On a refusal `code` is not 0, `ret` is absent and `errors` may name fields
 * (errorBodySchema); the type keeps `ret` as on success so tests read it without a guard.
 */
export interface EndpointEnvelope<E> {
  code: number;
  msg: string;
  ret: EndpointRet<E>;
  errors?: FieldError[];
}

/** The fastify inject response, its JSON typed as the endpoint's envelope. */
export type EndpointReply<E> = Omit<LightMyRequestResponse, 'json'> & {
  json<T = EndpointEnvelope<E>>(): T;
};

const adminEndpointSet = new Set<EndpointDefinition>(adminEndpoints);

/**
 * Calls an admin API endpoint by its contract definition (under /admin-api, as the console
 * does): a POST sends `input` as the JSON body, a GET as the query string. `token` goes in
 * X-Token. The borrower API's endpoints (/app-api, X-App-Token) are refused: their tests call
 * them with their own helper.
 *
 * @example
 * const res = await callEndpoint(t.app, addRole, { name: 'Clerk', menus: [] }, token);
 * expect(res.json().ret.id).toBeGreaterThan(0);
 */
export function callEndpoint<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  input: EndpointInput<E> | InvalidOnPurpose,
  token?: string,
  headers: Record<string, string> = {},
): Promise<EndpointReply<E>> {
  if (!adminEndpointSet.has(endpoint)) {
    throw new Error(`callEndpoint: ${endpoint.id} is not an admin API endpoint`);
  }
  const url = `${ADMIN_API_BASE}${endpoint.path}`;
  const withToken = { ...(token ? { 'x-token': token } : {}), ...headers };
  if (endpoint.method === 'GET') {
    return app.inject({
      method: 'GET',
      url,
      ...(input === undefined ? {} : { query: input as Record<string, string> }),
      headers: withToken,
    });
  }
  return app.inject({
    method: 'POST',
    url,
    ...(input === undefined ? {} : { payload: input as object }),
    headers: withToken,
  });
}
