import { APP_API_BASE, translateMessage, type EndpointDefinition } from '@lending/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { parseInput } from './input.js';
import { AppError } from '../shared/app-error.js';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface BorrowerCaller {
  sessionId: number;
  borrowerId: number;
}

export interface AppEndpointContext<B> {
  body: Parsed<B>;
  /** Set for `session` endpoints; null for `public` ones. */
  borrower: BorrowerCaller | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The borrower session token: only from the X-App-Token header. */
export function appTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-app-token'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value ? value : undefined;
}

export function borrowerOf(context: { borrower: BorrowerCaller | null }): BorrowerCaller {
  if (!context.borrower) throw new AppError('sessionEnded');
  return context.borrower;
}

/**
 * Binds borrower API endpoints under /app-api, like the admin registrar: deny by default
 * (`session` needs a live borrower session, checked before the body is read), strict schemas,
 * and the answer checked against the contract. Staff grants play no part here.
 */
export function createAppEndpointRegistrar(
  app: FastifyInstance,
  verifySession: (token: string | undefined) => Promise<BorrowerCaller | undefined>,
) {
  const registered = new Set<string>();
  return {
    registered: registered as ReadonlySet<string>,
    register<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, R extends z.ZodType>(
      endpoint: EndpointDefinition<B, Q, R>,
      handler: (context: AppEndpointContext<B>) => Promise<z.input<R>>,
    ): void {
      if (registered.has(endpoint.id)) throw new Error(`endpoint ${endpoint.id} registered twice`);
      if (endpoint.access === 'granted')
        throw new Error(`${endpoint.id}: no grants in the app API`);
      registered.add(endpoint.id);
      app.route({
        method: endpoint.method,
        url: `${APP_API_BASE}${endpoint.path}`,
        handler: async (request, reply) => {
          let borrower: BorrowerCaller | null = null;
          if (endpoint.access !== 'public') {
            borrower = (await verifySession(appTokenOf(request))) ?? null;
            if (!borrower) throw new AppError('sessionEnded');
          }
          // Unknown query parameters are refused here as on /admin-api.
          parseInput(endpoint.query, request.query, 'query');
          const body = parseInput(endpoint.body, request.body, 'body');
          const ret = await handler({ body: body as Parsed<B>, borrower, request, reply });
          const checked = endpoint.ret.safeParse(ret);
          if (!checked.success) {
            request.log.error(
              { endpoint: endpoint.id, issues: checked.error.issues },
              'response breaks the contract',
            );
            throw new AppError('internal');
          }
          return { code: 0, msg: translateMessage('ok', request.language), ret: checked.data };
        },
      });
    },
  };
}

export type AppEndpointRegistrar = ReturnType<typeof createAppEndpointRegistrar>;
