import {
  ADMIN_API_BASE,
  APP_API_BASE,
  describeReason,
  errorCatalogue,
  translateMessage,
  type ErrorKey,
  type Language,
} from '@lending/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type AppErrorParams } from '../shared/app-error.js';
import { languageOf } from './i18n.js';

/** The body every failure gets: `{code, msg, errors?}`, msg translated, nothing internal. */
export function errorBody(key: ErrorKey, language: Language, params: AppErrorParams = {}) {
  const detail = params.reason ? describeReason(params.reason, language) : params.detail;
  const errors = params.errors?.map(({ field, message, reason }) => ({
    field,
    message: reason ? describeReason(reason, language) : message,
  }));
  return {
    code: errorCatalogue[key].code,
    msg: translateMessage(key, language, { field: params.field, detail }),
    ...(errors ? { errors } : {}),
  };
}

export function sendError(
  reply: FastifyReply,
  language: Language,
  key: ErrorKey,
  params: AppErrorParams = {},
): FastifyReply {
  return reply.status(errorCatalogue[key].status).send(errorBody(key, language, params));
}

/** Fastify's own errors (parsing, limits) mapped onto the catalogue. */
function keyOfFrameworkError(error: FastifyError): ErrorKey | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return 'unsupportedMediaType';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'bodyTooLarge';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'malformedJson';
  }
  if (error instanceof SyntaxError) return 'malformedJson';
  const status = error.statusCode ?? 500;
  if (status === 413) return 'bodyTooLarge';
  if (status === 415) return 'unsupportedMediaType';
  if (status === 429) return 'rateLimited';
  if (status === 404) return 'notFound';
  if (status >= 400 && status < 500) return 'validationFailed';
  return undefined;
}

function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const language = languageOf(request);
  if (error instanceof AppError) {
    // A 5xx of ours (a gateway down or refusing us) is for the operators: logged with its
    // detail, which the caller's message does not show.
    if (errorCatalogue[error.key].status >= 500) {
      request.log.error({ key: error.key, detail: error.params.detail }, 'service unavailable');
    }
    return sendError(reply, language, error.key, error.params);
  }
  const fastifyError = error as FastifyError;
  const key = keyOfFrameworkError(fastifyError);
  if (key === 'validationFailed') {
    // A framework refusal of the request as such: no field to blame, and no internals shown.
    return sendError(reply, language, key, { field: 'request', detail: 'malformed request' });
  }
  if (key) return sendError(reply, language, key);
  request.log.error({ err: error }, 'unexpected error');
  return sendError(reply, language, 'internal');
}

/** Paths where a caller is a program: an unknown one is a JSON 404, never the console's page. */
const API_BASES = [ADMIN_API_BASE, APP_API_BASE, '/webhooks'];

export function registerErrorHandling(
  app: FastifyInstance,
  options: { hasConsole: () => boolean },
) {
  app.setErrorHandler((error, request, reply) => handleError(error, request, reply));

  app.setNotFoundHandler((request, reply) => {
    const language = languageOf(request);
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_BASES.some((base) => url === base || url.startsWith(`${base}/`));
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, language, 'notFound');
    }
    // A missing asset is a plain 404; any other path is a console route (SPA fallback).
    const lastSegment = url.split('/').pop() ?? '';
    if (lastSegment.includes('.')) return reply.status(404).type('text/plain').send('Not found');
    if (!options.hasConsole()) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The console is not built. Run `npm run build`, then start the server again.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

/** Errors Fastify raises before routing (a malformed URL) get the same body shape. */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // handleError sends the answer itself and hands back the reply, which is thenable (it
  // settles once sent); this handler answers nothing, so there is nothing to wait for.
  void handleError(error, request, reply);
}
