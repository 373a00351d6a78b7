import {
  ADMIN_API_BASE,
  errorBodySchema,
  errorCatalogue,
  type EndpointDefinition,
} from '@lending/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const generated = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete generated.$schema;
  return generated;
}

function errorResponses(endpoint: EndpointDefinition) {
  const error = {
    content: { 'application/json': { schema: jsonSchema(errorBodySchema, 'output') } },
  };
  const describe = (text: string) => ({ description: text, ...error });
  return {
    '400': describe(
      `Invalid input (code ${errorCatalogue.validationFailed.code}, ${errorCatalogue.malformedJson.code})`,
    ),
    ...(endpoint.access !== 'public'
      ? { '401': describe(`No live session (code ${errorCatalogue.sessionEnded.code})`) }
      : {}),
    ...(endpoint.access === 'granted'
      ? {
          '403': describe(
            `The caller's roles lack ${endpoint.id} (code ${errorCatalogue.forbidden.code})`,
          ),
        }
      : {}),
    '413': describe(`Body too large (code ${errorCatalogue.bodyTooLarge.code})`),
    '415': describe(`Not JSON (code ${errorCatalogue.unsupportedMediaType.code})`),
    '429': describe(`Rate limited (code ${errorCatalogue.rateLimited.code})`),
  };
}

function queryParameters(schema: z.ZodType | undefined) {
  if (!schema) return [];
  const generated = jsonSchema(schema, 'input');
  const properties = (generated.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((generated.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

/** OpenAPI 3.1 of the admin API, generated from the contract's endpoint definitions. */
/** Where a document's endpoints live and which header carries their token. */
export interface ApiSurface {
  base: string;
  tokenHeader: string;
}

const ADMIN_SURFACE: ApiSurface = { base: ADMIN_API_BASE, tokenHeader: 'X-Token' };

export function buildOpenApiDocument(
  endpoints: readonly EndpointDefinition[],
  info: { title: string; version: string },
  surface: ApiSurface = ADMIN_SURFACE,
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const operation = {
      operationId: endpoint.id,
      summary: endpoint.summary,
      tags: [endpoint.module],
      'x-access': endpoint.access,
      'x-mutates': endpoint.mutates,
      security: endpoint.access === 'public' ? [] : [{ token: [] }],
      parameters: [
        ...queryParameters(endpoint.query),
        {
          name: 'LANGUAGE',
          in: 'header',
          required: false,
          schema: { type: 'string', enum: ['EN', 'ZH', 'BUR'] },
          description: 'Language of msg',
        },
      ],
      ...(endpoint.body
        ? {
            requestBody: {
              required: !endpoint.body.safeParse(undefined).success,
              content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } },
            },
          }
        : {}),
      responses: {
        '200': {
          description: 'Success (code 0); the data is under ret',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['code', 'msg', 'ret'],
                properties: {
                  code: { const: 0 },
                  msg: { type: 'string' },
                  ret: jsonSchema(endpoint.ret, 'output'),
                },
              },
            },
          },
        },
        ...errorResponses(endpoint),
      },
    };
    const url = `${surface.base}${endpoint.path}`;
    paths[url] = { ...(paths[url] ?? {}), [endpoint.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description: `Every body is {code, msg, ...}; code 0 is success and data is under ret. Send the session token in ${surface.tokenHeader}; code 4005 means the session has ended.`,
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: surface.tokenHeader } },
    },
    paths,
  };
}

export function registerOpenApi(
  app: FastifyInstance,
  endpoints: readonly EndpointDefinition[],
  info: { title: string; version: string },
  surface: ApiSurface = ADMIN_SURFACE,
): void {
  const document = buildOpenApiDocument(endpoints, info, surface);
  for (const url of [`${surface.base}/docs`, `${surface.base}/docs/openapi.json`]) {
    app.get(url, async (_request, reply) => reply.type('application/json').send(document));
  }
}
