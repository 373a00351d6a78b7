import type { z } from 'zod';
import type { ErrorKey } from './common/errors.js';

/**
 * Who may call an endpoint:
 * - `public`: no session (sign-in, the console's public configuration);
 * - `session`: any signed-in staff member, about their own account (user_info, logout…);
 * - `granted`: only a role that holds the endpoint's interface id (deny by default).
 */
export type EndpointAccess = 'public' | 'session' | 'granted';

export interface EndpointDefinition<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Ret extends z.ZodType = z.ZodType,
> {
  /**
   * Stable interface id, `<module>.<action>` (`app.<module>.<action>` for the borrower API);
   * roles grant these, and the path and module follow from it (`endpointPlaceOf`).
   */
  id: string;
  method: 'GET' | 'POST';
  /** Relative to the admin API base `/admin-api`. */
  path: string;
  module: string;
  summary: string;
  access: EndpointAccess;
  /** True when the call changes data (the audit trail records these). */
  mutates: boolean;
  /**
   * True for a read that must still leave a trace in the operation log (unmasking personal
   * data). Every `mutates` endpoint behind a session is audited anyway.
   */
  audited?: boolean;
  /** A larger body limit than the default 1 MiB (uploads travel as base64 in the body). */
  bodyLimit?: number;
  /**
   * The business errors this operation can answer (decision 0062). The access layer's own
   * answers (accessErrorKeys) are not listed here; the OpenAPI document adds them from `access`.
   * The server's tests fail when a handler answers a code missing from this list.
   */
  errors?: readonly ErrorKey[];
  body: Body;
  query: Query;
  ret: Ret;
}

/** What an endpoint file writes: everything but the path and module, which follow from the id. */
export type EndpointDeclaration<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Ret extends z.ZodType = z.ZodType,
> = Omit<EndpointDefinition<Body, Query, Ret>, 'path' | 'module'>;

/**
 * Admin modules whose URLs the console's route tree names otherwise: the finance screens live
 * under /financialManagement, the blacklist under /toolMage (one URL segment, its action after
 * `blacklist_`), and the marketing campaigns' module name is camel case where URLs are not.
 */
const adminPathBases: Readonly<Record<string, string>> = {
  finance: '/financialManagement/',
  blacklist: '/toolMage/blacklist_',
  marketingSms: '/marketing_sms/',
};

/** The borrower API's ids start with this; its paths are relative to its own base. */
const APP_ID_PREFIX = 'app.';

/**
 * Where an id puts its endpoint: `<module>.<action>` (admin) or `app.<module>.<action>`
 * (borrower) answers at `/<module>/<action>` under its API's base, bar the admin exceptions
 * above. Declared once, the id cannot drift from the URL or the operation log's module.
 */
export function endpointPlaceOf(id: string): { module: string; path: string } {
  const app = id.startsWith(APP_ID_PREFIX);
  const parts = (app ? id.slice(APP_ID_PREFIX.length) : id).split('.');
  const [module, action] = parts;
  if (parts.length !== 2 || !module || !action)
    throw new Error(`endpoint id ${id} is not [app.]<module>.<action>`);
  const base = (!app && adminPathBases[module]) || `/${module}/`;
  return { module, path: `${base}${action}` };
}

export function defineEndpoint<
  Body extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Ret extends z.ZodType,
>(declaration: EndpointDeclaration<Body, Query, Ret>): EndpointDefinition<Body, Query, Ret> {
  return { ...declaration, ...endpointPlaceOf(declaration.id) };
}

export type EndpointBody<E> =
  E extends EndpointDefinition<infer B, infer _Q, infer _R>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
export type EndpointRet<E> =
  E extends EndpointDefinition<infer _B, infer _Q, infer R> ? z.output<R> : never;

/**
 * What any operation may answer before or around its handler, whatever it declares: invalid or
 * malformed input, a refused media type, a body too large, the rate limit, an unexpected
 * failure, and, by `access`, an ended session and a missing grant.
 */
export function accessErrorKeys(endpoint: Pick<EndpointDefinition, 'access'>): ErrorKey[] {
  return [
    'validationFailed',
    'malformedJson',
    'unsupportedMediaType',
    'bodyTooLarge',
    'rateLimited',
    'internal',
    ...(endpoint.access !== 'public' ? (['sessionEnded'] as const) : []),
    ...(endpoint.access === 'granted' ? (['forbidden'] as const) : []),
  ];
}

/** Every error an operation may answer: the access layer's, then its own declared ones. */
export function errorKeysOf(endpoint: Pick<EndpointDefinition, 'access' | 'errors'>): ErrorKey[] {
  const keys = accessErrorKeys(endpoint);
  for (const key of endpoint.errors ?? []) if (!keys.includes(key)) keys.push(key);
  return keys;
}
