import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_API_BASE, defineEndpoint, type ErrorKey } from '@lending/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from '../plugins/errors.js';
import { registerI18n } from '../plugins/i18n.js';
import { AppError } from '../shared/app-error.js';
import { endpointsByRoute, takeUndeclaredAnswers, watchErrorAnswers } from './error-answers.js';

/** A throw-away endpoint that declares two business errors and answers whichever it is told. */
const throwaway = defineEndpoint({
  id: 'throwaway.act',
  method: 'POST',
  summary: 'Answers the error named in the query',
  access: 'granted',
  mutates: false,
  errors: ['notFound', 'duplicate'],
  body: undefined,
  query: undefined,
  ret: z.object({}),
});

async function appAnswering(log?: string) {
  const app = Fastify();
  registerI18n(app);
  registerErrorHandling(app, { hasConsole: () => false });
  app.post(`${ADMIN_API_BASE}${throwaway.path}`, async (request) => {
    throw new AppError((request.query as { key: ErrorKey }).key);
  });
  watchErrorAnswers(app, endpointsByRoute([{ base: ADMIN_API_BASE, endpoints: [throwaway] }]), log);
  await app.ready();
  const answer = async (key: ErrorKey) =>
    (await app.inject({ method: 'POST', url: `${ADMIN_API_BASE}/throwaway/act?key=${key}` }))
      .statusCode;
  return { app, answer };
}

describe('the check that every error answer is declared', () => {
  it('names the endpoint, the code and the fix when an undeclared code is answered', async () => {
    const { app, answer } = await appAnswering();
    expect(await answer('conflict')).toBe(409);
    expect(takeUndeclaredAnswers()).toEqual([
      "throwaway.act (POST /throwaway/act) answered 4090 (conflict, HTTP 409), which its definition does not declare: add 'conflict' to the errors of throwaway.act in packages/contract, so the OpenAPI document lists it.",
    ]);
    await app.close();
  });

  it('lets declared codes and the access layer’s own answers through', async () => {
    const { app, answer } = await appAnswering();
    expect(await answer('notFound')).toBe(404);
    expect(await answer('duplicate')).toBe(409);
    expect(await answer('forbidden')).toBe(403);
    expect(await answer('validationFailed')).toBe(400);
    expect(takeUndeclaredAnswers()).toEqual([]);
    await app.close();
  });

  it('records instead of failing when ERROR_ANSWERS_LOG names a file', async () => {
    const log = path.join(mkdtempSync(path.join(os.tmpdir(), 'error-answers-')), 'log.jsonl');
    const { app, answer } = await appAnswering(log);
    await answer('conflict');
    expect(takeUndeclaredAnswers()).toEqual([]);
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      expect.objectContaining({ endpoint: 'throwaway.act', code: 4090, status: 409 }),
    ]);
    await app.close();
  });
});
