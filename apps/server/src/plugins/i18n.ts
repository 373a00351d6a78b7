import { languageFromHeader, type Language } from '@lending/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** From the LANGUAGE header (EN, ZH, BUR); English when absent or unknown. */
    language: Language;
  }
}

export function languageOf(request: FastifyRequest): Language {
  const header = request.headers['language'];
  return languageFromHeader(Array.isArray(header) ? header[0] : header);
}

export function registerI18n(app: FastifyInstance): void {
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (request) => {
    request.language = languageOf(request);
  });
}
