import {
  ADMIN_API_BASE,
  isListRequestSchema,
  translateMessage,
  type EndpointDefinition,
} from '@lending/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../shared/app-error.js';
import type { Clock } from '../shared/clock.js';
import { flagEstimatedTotal } from '../shared/list-query.js';
import type { AuditPort, AuditRecorder } from './audit-port.js';
import { tokenOf, type AuthPort, type Caller, type CallerGrants } from './auth.js';
import type { Database, Executor } from './db.js';
import { parseInput } from './input.js';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface EndpointContext<B, Q> {
  body: Parsed<B>;
  query: Parsed<Q>;
  /** Set for `session` and `granted` endpoints; null for `public` ones. */
  caller: Caller | null;
  /** The caller's grants as they are now; null for `public` endpoints. */
  grants: CallerGrants | null;
  /**
   * An audited call's transaction (its audit rows commit with it); the database otherwise.
   * Services that take the module's database join it anyway (see scopedDatabase).
   */
  tx: Executor;
  /** Describes the change (target, before, after); only inside an audited call. */
  audit: AuditRecorder;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type EndpointHandler<B, Q, R extends z.ZodType> = (
  context: EndpointContext<B, Q>,
) => Promise<z.input<R>>;

/** For handlers of non-public endpoints: the caller, which the access layer guarantees. */
export function callerOf(context: { caller: Caller | null }): Caller {
  if (!context.caller) throw new AppError('sessionEnded');
  return context.caller;
}

export interface AccessOptions {
  auth: AuthPort;
  audit: AuditPort;
  /** The plain database, handed to handlers of calls that are not audited. */
  db: Database;
  clock: Clock;
}

/** Mutating calls behind a session, and reads declared `audited`, leave an audit row. */
export function isAudited(endpoint: EndpointDefinition): boolean {
  return endpoint.access !== 'public' && (endpoint.mutates || endpoint.audited === true);
}

const notAudited: AuditRecorder = {
  record() {
    return Promise.reject(
      new Error('audit.record outside an audited call: declare the endpoint mutates or audited'),
    );
  },
};

function userAgentOf(request: FastifyRequest): string {
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' ? agent : '';
}

/**
 * THE way to expose a contract endpoint. Deny by default: `public` needs nothing, `session`
 * a live session, `granted` a role holding the endpoint's interface id (or `admin`); the
 * check runs before the input is read, so a refused call changes nothing. Body and query are
 * parsed with the contract's strict schemas, and the result is checked against `ret` so a
 * response never carries a field the contract does not promise.
 *
 * Audited calls (decision 0012) run in one transaction together with their audit row: a
 * refused call (4005, 4003, 400) never reaches it, a failing one rolls back with its row.
 */
/**
 * A registered list endpoint (its body made by listRequestSchema) and its handler: what the
 * background export pages through, with the same filters, scope and masking as the screen.
 */
export interface RegisteredList {
  endpoint: EndpointDefinition;
  handler: EndpointHandler<z.ZodType, undefined, z.ZodType>;
}

export function createEndpointRegistrar(app: FastifyInstance, options: AccessOptions) {
  const registered = new Set<string>();
  const lists = new Map<string, RegisteredList>();

  return {
    registered: registered as ReadonlySet<string>,

    /** The list endpoint with this interface id, as registered; undefined for any other. */
    listOf(id: string): RegisteredList | undefined {
      return lists.get(id);
    },

    register<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, R extends z.ZodType>(
      endpoint: EndpointDefinition<B, Q, R>,
      handler: EndpointHandler<B, Q, R>,
    ): void {
      if (registered.has(endpoint.id)) throw new Error(`endpoint ${endpoint.id} registered twice`);
      registered.add(endpoint.id);
      if (endpoint.access === 'granted' && isListRequestSchema(endpoint.body)) {
        lists.set(endpoint.id, {
          endpoint,
          handler: handler as unknown as RegisteredList['handler'],
        });
      }
      app.route({
        method: endpoint.method,
        url: `${ADMIN_API_BASE}${endpoint.path}`,
        ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
        handler: async (request, reply) => {
          let caller: Caller | null = null;
          let grants: CallerGrants | null = null;
          if (endpoint.access !== 'public') {
            caller = (await options.auth.verifySession(tokenOf(request))) ?? null;
            if (!caller) throw new AppError('sessionEnded');
            grants = await options.auth.grantsOf(caller.userId);
            if (
              endpoint.access === 'granted' &&
              !grants.isAdmin &&
              !grants.interfaces.has(endpoint.id)
            ) {
              throw new AppError('forbidden');
            }
          }
          const query = parseInput(endpoint.query, request.query, 'query') as Parsed<Q>;
          const body = parseInput(endpoint.body, request.body, 'body') as Parsed<B>;

          const respond = async (tx: Executor, audit: AuditRecorder) => {
            const ret = await flagEstimatedTotal(() =>
              handler({ body, query, caller, grants, tx, audit, request, reply }),
            );
            const checked = endpoint.ret.safeParse(ret);
            if (!checked.success) {
              request.log.error(
                { endpoint: endpoint.id, issues: checked.error.issues },
                'response breaks the contract',
              );
              throw new AppError('internal');
            }
            return checked.data as unknown;
          };

          let data: unknown;
          if (isAudited(endpoint) && caller) {
            const actor = await options.auth.staffOf(caller.userId);
            data = await options.audit.run(
              {
                interfaceId: endpoint.id,
                module: endpoint.module,
                summary: endpoint.summary,
                actor: actor ? { id: caller.userId, ...actor } : null,
                ip: request.ip,
                userAgent: userAgentOf(request),
                request: body ?? query ?? null,
                at: options.clock.now(),
              },
              respond,
            );
          } else {
            data = await respond(options.db, notAudited);
          }
          return { code: 0, msg: translateMessage('ok', request.language), ret: data };
        },
      });
    },
  };
}

export type EndpointRegistrar = ReturnType<typeof createEndpointRegistrar>;
