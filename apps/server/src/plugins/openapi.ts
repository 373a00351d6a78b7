import {
  ADMIN_API_BASE,
  RULES_KEY,
  errorBodySchema,
  errorCatalogue,
  errorKeysOf,
  messageCatalogues,
  sortFieldsOf,
  type EndpointDefinition,
  type ErrorKey,
} from '@lending/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { documentedWebhooks, type WebhookDocumentation } from './webhook-docs.js';

type JsonSchema = Record<string, unknown>;

/** A refinement (`.refine`, `.superRefine`) as zod keeps it among a schema's checks. */
interface CheckDefinition {
  check: string;
  error?: (issue?: unknown) => unknown;
}

function customChecksOf(schema: z.core.$ZodType): CheckDefinition[] {
  const checks = (schema._zod.def as { checks?: { _zod: { def: CheckDefinition } }[] }).checks;
  return (checks ?? []).map((check) => check._zod.def).filter((def) => def.check === 'custom');
}

/** A refinement's message when it is a fixed text (`.refine(fn, 'must be …')`). */
function fixedMessageOf(check: CheckDefinition): string | undefined {
  try {
    const message = check.error?.();
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

/** The rules a schema documents with crossFieldRules (its own or inherited metadata). */
function declaredRulesOf(schema: z.core.$ZodType): string[] | undefined {
  const rules = z.globalRegistry.get(schema)?.[RULES_KEY];
  return Array.isArray(rules) ? rules.map(String) : undefined;
}

/**
 * The rules a schema's refinements enforce, in words (decision 0069): those it declares, else
 * the refinements' fixed messages. Undefined when it has no refinement.
 */
function rulesOf(schema: z.core.$ZodType): string[] | undefined {
  const checks = customChecksOf(schema);
  if (checks.length === 0) return undefined;
  return (
    declaredRulesOf(schema) ??
    checks.map(fixedMessageOf).filter((message): message is string => message !== undefined)
  );
}

/** Appends each node's rules (`x-rules`) to its description, so a reader of the page sees them. */
function describeRules(node: unknown, done = new WeakSet<object>()): void {
  if (typeof node !== 'object' || node === null || done.has(node)) return;
  done.add(node);
  if (Array.isArray(node)) return node.forEach((item) => describeRules(item, done));
  const schema = node as JsonSchema;
  const rules = schema[RULES_KEY];
  if (Array.isArray(rules) && rules.length > 0) {
    const text = `Rules: ${rules.join('; ')}.`;
    schema.description = schema.description ? `${String(schema.description)} ${text}` : text;
  }
  for (const value of Object.values(schema)) describeRules(value, done);
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const generated = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: node }) => {
      const rules = rulesOf(zodSchema);
      if (rules?.length) node[RULES_KEY] = rules;
    },
  }) as JsonSchema;
  delete generated.$schema;
  describeRules(generated);
  return generated;
}

/**
 * The rules across fields a generated schema carries, with where they apply (`body`,
 * `filters`, `items[]`…), for the operation's description.
 */
function rulesWithin(schema: JsonSchema, at: string): string[] {
  const found: string[] = [];
  const visit = (node: unknown, path: string) => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
    const current = node as JsonSchema;
    const rules = current[RULES_KEY];
    if (Array.isArray(rules)) for (const rule of rules) found.push(`${path}: ${String(rule)}`);
    const properties = (current.properties ?? {}) as Record<string, unknown>;
    for (const [name, property] of Object.entries(properties)) {
      visit(property, path === at ? name : `${path}.${name}`);
    }
    if (current.items) visit(current.items, `${path}[]`);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (Array.isArray(current[key])) for (const option of current[key]) visit(option, path);
    }
  };
  visit(schema, at);
  return found;
}

/**
 * Each schema of an endpoint with a refinement the documents cannot put in words: no
 * crossFieldRules and a message that is not a fixed text (a `.superRefine`, say). Empty when
 * every rule of the endpoint is documented; the OpenAPI test holds every endpoint to it.
 */
export function undocumentedRefinements(endpoint: EndpointDefinition): string[] {
  const found: string[] = [];
  const seen = new Set<z.core.$ZodType>();
  const visit = (schema: z.core.$ZodType | undefined, path: string) => {
    if (!schema || seen.has(schema)) return;
    seen.add(schema);
    const checks = customChecksOf(schema);
    if (checks.length > 0 && !declaredRulesOf(schema) && checks.some((c) => !fixedMessageOf(c))) {
      found.push(`${endpoint.id} ${path}`);
    }
    const def = schema._zod.def as unknown as Record<string, unknown>;
    const child = (key: string, at = path) => visit(def[key] as z.core.$ZodType | undefined, at);
    switch (def.type) {
      case 'object':
        for (const [name, property] of Object.entries(
          (schema as unknown as { shape: Record<string, z.core.$ZodType> }).shape,
        )) {
          visit(property, path ? `${path}.${name}` : name);
        }
        child('catchall');
        break;
      case 'array':
        child('element', `${path}[]`);
        break;
      case 'pipe':
        child('in');
        child('out');
        break;
      case 'union':
        for (const option of def.options as z.core.$ZodType[]) visit(option, path);
        break;
      case 'intersection':
        child('left');
        child('right');
        break;
      case 'record':
        child('valueType', `${path}.*`);
        break;
      case 'tuple':
        for (const item of def.items as z.core.$ZodType[]) visit(item, `${path}[]`);
        break;
      case 'lazy':
        visit((def.getter as () => z.core.$ZodType)(), path);
        break;
      default:
        child('innerType');
    }
  };
  visit(endpoint.body, '');
  visit(endpoint.query, 'query');
  return found;
}

/** A status's title in the document; the codes under it say what exactly went wrong. */
const STATUS_TITLES: Record<number, string> = {
  400: 'Invalid request',
  401: 'Not authenticated',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Refused by the current state',
  413: 'Body too large',
  415: 'Not JSON',
  429: 'Too many requests',
  500: 'Unexpected failure',
  503: 'A gateway is unavailable',
};

/**
 * One response per HTTP status the operation can answer with an error, each listed with its
 * code, its catalogue key and the English message (decision 0062).
 */
function errorResponses(errorKeys: readonly ErrorKey[]) {
  const byStatus = new Map<number, ErrorKey[]>();
  for (const key of errorKeys) {
    const status = errorCatalogue[key].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), key]);
  }
  const body = jsonSchema(errorBodySchema, 'output');
  const properties = body.properties as Record<string, JsonSchema>;
  const responses: Record<string, unknown> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const keys = byStatus.get(status)!;
    const lines = keys.map(
      (key) => `- ${errorCatalogue[key].code} ${key}: ${messageCatalogues.en[key] ?? key}`,
    );
    responses[String(status)] = {
      description: `${STATUS_TITLES[status] ?? 'Error'}\n\n${lines.join('\n')}`,
      content: {
        'application/json': {
          schema: {
            ...body,
            properties: {
              ...properties,
              code: { type: 'integer', enum: keys.map((key) => errorCatalogue[key].code) },
            },
          },
        },
      },
    };
  }
  return responses;
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

/**
 * What the operation's schemas cannot show by themselves: the rules across its fields and the
 * fields its list sorts by (also an enumeration on `sort.field`).
 */
function operationDescription(
  endpoint: EndpointDefinition,
  body: JsonSchema | undefined,
  query: readonly { name: string; schema: JsonSchema }[],
): string | undefined {
  const parts: string[] = [];
  const rules = [
    ...(body ? rulesWithin(body, 'body') : []),
    ...query.flatMap((parameter) => rulesWithin(parameter.schema, `query.${parameter.name}`)),
  ];
  if (rules.length > 0) parts.push(`Rules:\n${rules.map((rule) => `- ${rule}`).join('\n')}`);
  const sortFields = sortFieldsOf(endpoint.body);
  if (sortFields) {
    parts.push(
      sortFields.length > 0
        ? `Sorts by (sort.field): ${sortFields.join(', ')}.`
        : 'Sort: not offered (the rows come in a fixed order; any sort is refused).',
    );
  }
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}

/** A webhook route as a path of the document: the gateway calls it, signed, without a session. */
function webhookOperation(webhook: WebhookDocumentation) {
  return {
    operationId: `webhook.${webhook.provider}`,
    summary: webhook.summary,
    description:
      'Called by the gateway, not by staff or the app: no session; the signature header authenticates the call, checked on the raw body before anything is parsed. A redelivered event is answered 200 with duplicate true and changes nothing.',
    tags: ['webhooks'],
    security: [],
    parameters: webhook.headers.map((header) => ({
      name: header.name,
      in: 'header',
      required: header.required,
      description: header.description,
      schema: { type: 'string', ...(header.pattern ? { pattern: header.pattern } : {}) },
    })),
    requestBody: {
      required: true,
      content: { 'application/json': { schema: jsonSchema(webhook.body, 'input') } },
    },
    responses: {
      '200': {
        description: 'Taken (code 0): applied now, or a redelivery of one already taken',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['code', 'msg', 'ret'],
              properties: {
                code: { const: 0 },
                msg: { type: 'string' },
                ret: {
                  type: 'object',
                  required: ['eventId', 'duplicate'],
                  properties: { eventId: { type: 'string' }, duplicate: { type: 'boolean' } },
                },
              },
            },
          },
        },
      },
      ...errorResponses(webhook.errors),
    },
  };
}

/** Where a document's endpoints live and which header carries their token. */
export interface ApiSurface {
  base: string;
  tokenHeader: string;
  /** True for the document that also lists the gateways' webhooks (the admin API's). */
  webhooks?: boolean;
}

const ADMIN_SURFACE: ApiSurface = { base: ADMIN_API_BASE, tokenHeader: 'X-Token', webhooks: true };

/** OpenAPI 3.1 of one API, generated from the contract's endpoint definitions. */
export function buildOpenApiDocument(
  endpoints: readonly EndpointDefinition[],
  info: { title: string; version: string },
  surface: ApiSurface = ADMIN_SURFACE,
  webhooks: readonly WebhookDocumentation[] = [],
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const query = queryParameters(endpoint.query);
    const body = endpoint.body ? jsonSchema(endpoint.body, 'input') : undefined;
    const description = operationDescription(endpoint, body, query);
    const operation = {
      operationId: endpoint.id,
      summary: endpoint.summary,
      ...(description ? { description } : {}),
      tags: [endpoint.module],
      'x-access': endpoint.access,
      'x-mutates': endpoint.mutates,
      security: endpoint.access === 'public' ? [] : [{ token: [] }],
      parameters: [
        ...query,
        {
          name: 'LANGUAGE',
          in: 'header',
          required: false,
          schema: { type: 'string', enum: ['EN', 'ZH', 'BUR'] },
          description: 'Language of msg',
        },
      ],
      ...(endpoint.body && body
        ? {
            requestBody: {
              required: !endpoint.body.safeParse(undefined).success,
              content: { 'application/json': { schema: body } },
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
        ...errorResponses(errorKeysOf(endpoint)),
      },
    };
    const url = `${surface.base}${endpoint.path}`;
    paths[url] = { ...(paths[url] ?? {}), [endpoint.method.toLowerCase()]: operation };
  }
  for (const webhook of surface.webhooks ? webhooks : []) {
    paths[webhook.path] = { ...(paths[webhook.path] ?? {}), post: webhookOperation(webhook) };
  }
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description:
        `Every body is {code, msg, ...}; code 0 is success and data is under ret. Send the session token in ${surface.tokenHeader}; code 4005 means the session has ended.` +
        (surface.webhooks
          ? ' The paths under /webhooks are the gateways’ signed callbacks (tag webhooks), not calls for staff.'
          : ''),
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: surface.tokenHeader } },
    },
    paths,
  };
}

/**
 * Serves the document of one API at `<base>/docs` and `<base>/docs/openapi.json`. It is built
 * on the first request, when every route (the webhooks included) has been registered.
 */
export function registerOpenApi(
  app: FastifyInstance,
  endpoints: readonly EndpointDefinition[],
  info: { title: string; version: string },
  surface: ApiSurface = ADMIN_SURFACE,
): void {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  const documentOf = () =>
    (document ??= buildOpenApiDocument(endpoints, info, surface, documentedWebhooks(app)));
  for (const url of [`${surface.base}/docs`, `${surface.base}/docs/openapi.json`]) {
    app.get(url, async (_request, reply) => reply.type('application/json').send(documentOf()));
  }
}
