import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Registers webhook routes in their own encapsulated scope whose only body parser keeps the
 * raw bytes: a signature is checked on exactly what the gateway signed, before anything is
 * parsed, and the rest of the API keeps its strict JSON parser. Shared by every gateway's
 * webhooks, whatever their signature scheme.
 */
export async function registerRawBodyScope(
  app: FastifyInstance,
  routes: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    routes(scope);
  });
}

/** The request's bytes as received (empty when there was no body). */
export function rawBodyOf(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}

/** A header's first value. */
export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
