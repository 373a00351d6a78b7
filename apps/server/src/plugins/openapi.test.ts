import {
  ADMIN_API_BASE,
  AADHAAR_INPUT_PATTERN,
  APP_API_BASE,
  EMAIL_INPUT_PATTERN,
  IFSC_INPUT_PATTERN,
  INDIAN_MOBILE_INPUT_PATTERN,
  PAN_INPUT_PATTERN,
  PHONE_SEARCH_INPUT_PATTERN,
  adminEndpoints,
  defineEndpoint,
  emailSchema,
  errorCatalogue,
  errorKeysOf,
  indianMobileSchema,
  isListRequestSchema,
  orderDetailBodySchema,
  phoneSearchSchema,
  sortFieldsOf,
  type EndpointDefinition,
  appApi,
} from '@lending/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RAZORPAY_COLLECTIONS_WEBHOOK_PATH } from '../integrations/collections/razorpay-smart-collect.js';
import { SANDBOX_COLLECTIONS_WEBHOOK_PATH } from '../integrations/collections/sandbox-collections.js';
import { loadIntegrationsConfig } from '../integrations/config.js';
import { loadPayoutsConfig } from '../integrations/payouts/payouts.config.js';
import { RAZORPAYX_WEBHOOK_PATH } from '../integrations/payouts/razorpayx-payouts.js';
import { SANDBOX_PAYOUTS_WEBHOOK_PATH } from '../integrations/payouts/sandbox-payouts.js';
import {
  RAZORPAY_EVENT_ID_HEADER,
  RAZORPAY_SIGNATURE_HEADER,
  razorpaySignature,
} from '../integrations/razorpay/razorpay-signature.js';
import { SANDBOX_SMS_WEBHOOK_PATH } from '../integrations/sms/sandbox-sms.js';
import { SIGNATURE_HEADER, signatureHeader } from '../integrations/webhooks/signature.js';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';
import { loginAs } from '../testing/factories.js';
import { jsonSchemaOf, sampleOf, validSampleOf, type Json } from '../testing/schema-samples.js';
import { buildOpenApiDocument, undocumentedRefinements } from './openapi.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /admin-api/docs', () => {
  it('is an OpenAPI 3.1 document listing every endpoint with request and response schemas', async () => {
    for (const url of ['/admin-api/docs', '/admin-api/docs/openapi.json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      const document = response.json();
      expect(document.openapi).toBe('3.1.0');
      for (const endpoint of adminEndpoints) {
        const operation =
          document.paths[`${ADMIN_API_BASE}${endpoint.path}`]?.[endpoint.method.toLowerCase()];
        expect(operation, endpoint.id).toBeDefined();
        expect(operation.operationId).toBe(endpoint.id);
        expect(
          operation.responses['200'].content['application/json'].schema.properties.ret,
        ).toBeDefined();
        if (endpoint.body) {
          expect(
            operation.requestBody.content['application/json'].schema,
            endpoint.id,
          ).toBeDefined();
        }
        if (endpoint.access !== 'public') expect(operation.security).toEqual([{ token: [] }]);
        if (endpoint.access === 'granted') expect(operation.responses['403']).toBeDefined();
      }
    }
  });

  it('describes the login body strictly', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/admin-api/docs' })).json();
    const schema =
      document.paths['/admin-api/user/login'].post.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(schema.additionalProperties).toBe(false);
    const userInfo = document.paths['/admin-api/user/user_info'].get;
    expect(userInfo.parameters.some((p: { name: string }) => p.name === 'token')).toBe(true);
  });
});

/** An operation's answers as the document lists them (200 has another body). */
interface DocumentedOperation {
  responses: Record<
    string,
    {
      description: string;
      content: { 'application/json': { schema: { properties: { code: { enum?: number[] } } } } };
    }
  >;
}

/** `[status, code]` of every error answer an operation documents. */
function documentedErrors(operation: DocumentedOperation): Array<[number, number]> {
  return Object.entries(operation.responses)
    .filter(([status]) => status !== '200')
    .flatMap(([status, response]) =>
      (response.content['application/json'].schema.properties.code.enum ?? []).map(
        (code) => [Number(status), code] as [number, number],
      ),
    );
}

describe('the error answers in the documents', () => {
  const sample = defineEndpoint({
    id: 'sample.save',
    method: 'POST',
    summary: 'A throw-away operation declaring three business errors',
    access: 'granted',
    mutates: true,
    errors: ['notFound', 'duplicate', 'orderStateConflict'],
    body: z.object({ id: z.number().int() }),
    query: undefined,
    ret: z.object({}),
  });

  it('lists an operation’s declared codes under their statuses, beside the access layer’s', () => {
    const document = buildOpenApiDocument([sample], { title: 'sample', version: '0' });
    const operation = document.paths['/admin-api/sample/save']!.post as DocumentedOperation;
    expect(documentedErrors(operation).sort()).toEqual(
      [
        [400, 4000],
        [400, 4001],
        [401, 4005],
        [403, 4003],
        [404, 4004],
        [409, 4091],
        [409, 4092],
        [413, 4130],
        [415, 4002],
        [429, 4290],
        [500, 5000],
      ].sort(),
    );
    expect(operation.responses['409']!.description).toContain(
      '4092 orderStateConflict: Order {field} is {detail}',
    );
  });

  it('documents, for every operation of both APIs, exactly the codes it may answer', async () => {
    for (const [base, endpoints] of [
      [ADMIN_API_BASE, adminEndpoints],
      [APP_API_BASE, appApi.appEndpoints],
    ] as const) {
      const document = (await t.app.inject({ method: 'GET', url: `${base}/docs` })).json();
      for (const endpoint of endpoints) {
        const operation = document.paths[`${base}${endpoint.path}`][
          endpoint.method.toLowerCase()
        ] as DocumentedOperation;
        const declared = errorKeysOf(endpoint).map(
          (key) => [errorCatalogue[key].status, errorCatalogue[key].code] as [number, number],
        );
        expect(documentedErrors(operation).sort(), endpoint.id).toEqual(declared.sort());
      }
    }
  });
});

/** An operation of a served document, by path and method. */
async function operationOf(base: string, path: string, method = 'post'): Promise<Served> {
  const document = (await t.app.inject({ method: 'GET', url: `${base}/docs` })).json();
  return document.paths[path]?.[method];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads of the served JSON
type Served = any;

/** An operation's JSON body schema, as the document serves it. */
const bodyOf = (operation: Served): Served =>
  operation.requestBody.content['application/json'].schema;

describe('formats the API normalises (decision 0069)', () => {
  it('shows the pattern a caller may send for a phone, a PAN, an Aadhaar, an IFSC and an e-mail', async () => {
    const profile = bodyOf(await operationOf(APP_API_BASE, '/app-api/profile/save')).properties;
    expect(profile.pan).toMatchObject({ type: 'string', pattern: PAN_INPUT_PATTERN.source });
    expect(profile.aadhaar).toMatchObject({ pattern: AADHAAR_INPUT_PATTERN.source });
    expect(profile.aadhaar.description).toContain('last 4 digits');
    const bank = bodyOf(await operationOf(APP_API_BASE, '/app-api/bank/save')).properties;
    expect(bank.ifsc).toMatchObject({ pattern: IFSC_INPUT_PATTERN.source });
    const otp = bodyOf(await operationOf(APP_API_BASE, '/app-api/auth/send_otp')).properties;
    expect(otp.phone).toMatchObject({ pattern: INDIAN_MOBILE_INPUT_PATTERN.source, maxLength: 20 });
    const login = bodyOf(await operationOf(ADMIN_API_BASE, '/admin-api/user/login')).properties;
    expect(login.email).toMatchObject({ format: 'email', pattern: EMAIL_INPUT_PATTERN.source });
    const orders = bodyOf(await operationOf(ADMIN_API_BASE, '/admin-api/order/list')).properties;
    expect(orders.filters.properties.phone).toMatchObject({
      pattern: PHONE_SEARCH_INPUT_PATTERN.source,
    });
  });

  it('shows patterns the API accepts: what a documented pattern admits is taken, and back', () => {
    const cases: [z.ZodType, RegExp, string[]][] = [
      [
        indianMobileSchema,
        INDIAN_MOBILE_INPUT_PATTERN,
        ['+91 98765-43210', '09876543210', '98765 4321'],
      ],
      [emailSchema, EMAIL_INPUT_PATTERN, [' Asha@Example.COM ', 'a@b', 'a..b@example.com']],
      [phoneSearchSchema, PHONE_SEARCH_INPUT_PATTERN, ['(+91) 98765 43210', '', '5876543210']],
    ];
    for (const [schema, pattern, texts] of cases) {
      for (const text of texts) {
        expect(pattern.test(text), `${pattern.source} on ${JSON.stringify(text)}`).toBe(
          schema.safeParse(text).success,
        );
      }
    }
  });
});

describe('rules across fields (decision 0069)', () => {
  it('are in the schema and the operation’s description, as the refinement checks them', async () => {
    const detail = await operationOf(ADMIN_API_BASE, '/admin-api/order/detail');
    expect(bodyOf(detail)['x-rules']).toEqual(['exactly one of orderId and orderNo']);
    expect(bodyOf(detail).description).toContain('exactly one of orderId and orderNo');
    expect(detail.description).toContain('- body: exactly one of orderId and orderNo');
    // The rule is the schema's: both fields, or neither, are refused.
    expect(orderDetailBodySchema.safeParse({ orderId: 1, orderNo: 'LN1' }).success).toBe(false);
    expect(orderDetailBodySchema.safeParse({}).success).toBe(false);
    const audience = await operationOf(ADMIN_API_BASE, '/admin-api/coupon/audience');
    expect(audience.description).toContain('- filters: registeredFrom is not after registeredTo');
  });

  it('leave no refinement of either API without words, and name one that has none', () => {
    expect([...adminEndpoints, ...appApi.appEndpoints].flatMap(undocumentedRefinements)).toEqual(
      [],
    );
    const unexplained = defineEndpoint({
      id: 'sample.rule',
      method: 'POST',
      summary: 'A throw-away operation with an unexplained rule',
      access: 'granted',
      mutates: false,
      body: z.strictObject({
        range: z.strictObject({ from: z.int(), to: z.int() }).superRefine((r, ctx) => {
          if (r.from > r.to) ctx.addIssue({ code: 'custom', message: 'bad', path: ['to'] });
        }),
      }),
      query: undefined,
      ret: z.object({}),
    });
    expect(undocumentedRefinements(unexplained)).toEqual(['sample.rule range']);
  });
});

describe('sort fields (decision 0069)', () => {
  const lists = adminEndpoints.filter((endpoint) => isListRequestSchema(endpoint.body));

  it('every list declares its sort fields, and the document shows them as an enumeration', async () => {
    expect(lists.length).toBeGreaterThan(50);
    expect(appApi.appEndpoints.filter((e) => isListRequestSchema(e.body))).toEqual([]);
    for (const endpoint of lists) {
      const fields = sortFieldsOf(endpoint.body);
      expect(
        fields,
        `${endpoint.id} declares no sort fields (listRequestSchema's 2nd argument)`,
      ).toBeDefined();
      const operation = await operationOf(ADMIN_API_BASE, `${ADMIN_API_BASE}${endpoint.path}`);
      const sort = bodyOf(operation).properties.sort;
      if (fields!.length > 0) {
        expect(sort.properties.field.enum, endpoint.id).toEqual(fields);
        expect(operation.description).toContain(`Sorts by (sort.field): ${fields!.join(', ')}.`);
      } else {
        expect(sort.not, endpoint.id).toEqual({});
      }
    }
  });

  it('each list’s declared fields are exactly those its server sorts by', async () => {
    const token = await loginAs(t.app);
    const listCall = (endpoint: EndpointDefinition, sort: unknown) => {
      const sample = validSampleOf(endpoint.body!);
      // The filters too, with what they require (a report's period, say).
      const filters = sampleOf(
        (jsonSchemaOf(endpoint.body!).properties as Record<string, Json>).filters!,
      );
      const payload = { ...(sample.value as Json), filters, sort };
      const parsed = endpoint.body!.safeParse(payload);
      expect(parsed.success, `${endpoint.id}: ${parsed.error?.message}`).toBe(true);
      return t.app.inject({
        method: 'POST',
        url: `${ADMIN_API_BASE}${endpoint.path}`,
        headers: { 'x-token': token },
        payload,
      });
    };
    const mismatches: string[] = [];
    for (const endpoint of lists) {
      const declared = sortFieldsOf(endpoint.body)!;
      const refused = (await listCall(endpoint, { field: 'zzNotAField', order: 'asc' })).json();
      // A list whose rows are empty may answer before it sorts: then nothing is learned here.
      if (refused.code !== 0) {
        expect(refused.code, endpoint.id).toBe(4000);
        expect(refused.errors[0].field, endpoint.id).toBe(declared.length ? 'sort.field' : 'sort');
        const offered = /must be one of (.*)$/.exec(refused.errors[0].message)?.[1]?.split(', ');
        for (const field of offered ?? []) {
          if (!declared.includes(field)) mismatches.push(`${endpoint.id} sorts by ${field}`);
        }
      }
      for (const field of declared) {
        for (const order of ['asc', 'desc']) {
          const answer = (await listCall(endpoint, { field, order })).json();
          if (answer.code !== 0) mismatches.push(`${endpoint.id} ${field} ${order}: ${answer.msg}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 300_000);
});

describe('the webhooks in the admin document (decision 0069)', () => {
  it('lists each webhook route this server answers: signature header, body, answers', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/admin-api/docs' })).json();
    const webhookPaths = Object.keys(document.paths).filter((p) => p.startsWith('/webhooks/'));
    expect(webhookPaths.sort()).toEqual(
      [
        SANDBOX_SMS_WEBHOOK_PATH,
        SANDBOX_COLLECTIONS_WEBHOOK_PATH,
        SANDBOX_PAYOUTS_WEBHOOK_PATH,
      ].sort(),
    );
    for (const path of webhookPaths) {
      expect(t.app.hasRoute({ method: 'POST', url: path }), path).toBe(true);
    }
    const sms = document.paths[SANDBOX_SMS_WEBHOOK_PATH].post;
    expect(sms.tags).toEqual(['webhooks']);
    expect(sms.security).toEqual([]);
    expect(sms.parameters).toEqual([
      expect.objectContaining({ name: SIGNATURE_HEADER, in: 'header', required: true }),
    ]);
    expect(bodyOf(sms).required).toEqual(['id', 'type', 'data']);
    expect(documentedErrors(sms).sort()).toEqual(
      [
        [400, 4000],
        [400, 4001],
        [401, 4206],
        [413, 4130],
        [429, 4290],
        [500, 5000],
      ].sort(),
    );
    expect(sms.responses['200'].content['application/json'].schema.properties.ret.required).toEqual(
      ['eventId', 'duplicate'],
    );
    const borrowerDocument = (await t.app.inject({ method: 'GET', url: '/app-api/docs' })).json();
    expect(Object.keys(borrowerDocument.paths).filter((p) => p.startsWith('/webhooks'))).toEqual(
      [],
    );
  });

  it('answers a bad signature and a bad body with codes the document lists', async () => {
    const operation = await operationOf(ADMIN_API_BASE, SANDBOX_SMS_WEBHOOK_PATH);
    const listed = documentedErrors(operation).map(([status, code]) => `${status} ${code}`);
    const secret = t.app.integrations.config.sandboxWebhookSecret;
    const deliver = (body: string, signature: string | undefined) =>
      t.app.inject({
        method: 'POST',
        url: SANDBOX_SMS_WEBHOOK_PATH,
        payload: body,
        headers: {
          'content-type': 'application/json',
          ...(signature ? { [SIGNATURE_HEADER]: signature } : {}),
        },
      });
    const signed = (body: string) => signatureHeader(secret, t.clock.now(), body);
    const answers = [
      await deliver('{"id":"e1","type":"sms.status","data":{}}', undefined),
      await deliver('{"id":"e1","type":"sms.status","data":{}}', 't=1,v1=00'),
      await deliver('{"id":', signed('{"id":')),
      await deliver('{"id":"e2"}', signed('{"id":"e2"}')),
    ];
    expect(answers.map((a) => `${a.statusCode} ${a.json().code}`)).toEqual([
      '401 4206',
      '401 4206',
      '400 4001',
      '400 4000',
    ]);
    for (const answer of answers) {
      expect(listed).toContain(`${answer.statusCode} ${answer.json().code}`);
    }
  });
});

describe('the Razorpay webhooks in the admin document', () => {
  let razorpay: TestApp;
  beforeAll(async () => {
    // Only registering the routes matters here: nothing calls the gateways' addresses.
    razorpay = await buildTestApp({
      demoData: false,
      gateways: {
        config: loadIntegrationsConfig({
          COLLECTION_GATEWAY: 'razorpay',
          RAZORPAY_BASE_URL: 'http://127.0.0.1:9',
          RAZORPAY_KEY_ID: 'rzp_test_docs',
          RAZORPAY_KEY_SECRET: 'docs-key-secret',
          RAZORPAY_WEBHOOK_SECRET: 'docs-collections-secret',
        }),
        payouts: loadPayoutsConfig({
          PAYOUT_GATEWAY: 'razorpayx',
          RAZORPAYX_BASE_URL: 'http://127.0.0.1:9',
          RAZORPAYX_KEY_ID: 'rzp_test_docs',
          RAZORPAYX_KEY_SECRET: 'docs-key-secret',
          RAZORPAYX_ACCOUNT_NUMBER: '2323230000000001',
          RAZORPAYX_WEBHOOK_SECRET: 'docs-payouts-secret',
        }),
      },
    });
  });
  afterAll(() => razorpay.close());

  it('lists RazorpayX payouts and Smart Collect credits with their signature and payload', async () => {
    const document = (await razorpay.app.inject({ method: 'GET', url: '/admin-api/docs' })).json();
    const webhookPaths = Object.keys(document.paths).filter((p) => p.startsWith('/webhooks/'));
    expect(webhookPaths.sort()).toEqual(
      [SANDBOX_SMS_WEBHOOK_PATH, RAZORPAYX_WEBHOOK_PATH, RAZORPAY_COLLECTIONS_WEBHOOK_PATH].sort(),
    );
    for (const path of [RAZORPAYX_WEBHOOK_PATH, RAZORPAY_COLLECTIONS_WEBHOOK_PATH]) {
      const operation = document.paths[path].post;
      expect(operation.parameters).toEqual([
        expect.objectContaining({
          name: RAZORPAY_SIGNATURE_HEADER,
          required: true,
          schema: { type: 'string', pattern: '^[0-9a-fA-F]{64}$' },
        }),
        expect.objectContaining({ name: RAZORPAY_EVENT_ID_HEADER, required: false }),
      ]);
      expect(bodyOf(operation).required).toEqual(['entity', 'event', 'created_at', 'payload']);
      expect(documentedErrors(operation).map(([status]) => status)).toContain(401);
    }
    const payout = bodyOf(document.paths[RAZORPAYX_WEBHOOK_PATH].post).properties.payload;
    expect(payout.properties.payout.properties.entity.required).toEqual(
      expect.arrayContaining(['id', 'amount', 'status', 'reference_id']),
    );
    const credit = bodyOf(document.paths[RAZORPAY_COLLECTIONS_WEBHOOK_PATH].post).properties
      .payload;
    expect(credit.required).toEqual(['payment', 'virtual_account']);
  });

  it('answers an unsigned call and a body that is not an event with codes it lists', async () => {
    const document = (await razorpay.app.inject({ method: 'GET', url: '/admin-api/docs' })).json();
    const listed = documentedErrors(document.paths[RAZORPAYX_WEBHOOK_PATH].post).map(
      ([status, code]) => `${status} ${code}`,
    );
    const body = JSON.stringify({ entity: 'event', event: 'payout.processed' });
    const unsigned = await razorpay.app.inject({
      method: 'POST',
      url: RAZORPAYX_WEBHOOK_PATH,
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    const notAnEvent = await razorpay.app.inject({
      method: 'POST',
      url: RAZORPAYX_WEBHOOK_PATH,
      payload: body,
      headers: {
        'content-type': 'application/json',
        [RAZORPAY_SIGNATURE_HEADER]: razorpaySignature('docs-payouts-secret', body),
      },
    });
    expect([unsigned, notAnEvent].map((a) => `${a.statusCode} ${a.json().code}`)).toEqual([
      '401 4206',
      '400 4000',
    ]);
    for (const answer of [unsigned, notAnEvent]) {
      expect(listed).toContain(`${answer.statusCode} ${answer.json().code}`);
    }
  });
});
