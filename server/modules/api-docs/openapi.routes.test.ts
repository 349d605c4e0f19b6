import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../../contract/webhook-events';
import { WEBHOOK_SAMPLES } from '../../../contract/webhook-samples';
import { createTestApp } from '../../test/app';
import { apiKeyAreaOf } from '../api-keys/api-key-areas';

const t = await createTestApp();
const { app } = t;
afterAll(() => t.close());

const fetchDocument = async () => {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json() as OpenAPIV3_1.Document;
};

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, public, under the bearer scheme', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    // The parser changes what it validates: it gets its own copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    expect(document.components?.securitySchemes?.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ apiKey: [] }]);
  });

  it('holds every route an API key can reach, with its method, and no route for a signed-in person only', async () => {
    const document = await fetchDocument();
    const documented = new Set(
      Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
        Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const reachable = t.routes
      .filter((route) => typeof route.url === 'string' && apiKeyAreaOf(route.url) !== null)
      .flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method]).map((method) => [method, route.url]),
      )
      .filter(([method]) => method !== 'HEAD')
      .map(([method, url]) => `${method} ${String(url).replace(/:(\w+)/g, '{$1}')}`);
    expect(reachable.length).toBeGreaterThan(30);
    expect(reachable.filter((route) => !documented.has(route))).toEqual([]);
    const paths = Object.keys(document.paths ?? {});
    expect(paths.filter((path) => /^\/api\/(admin|api-keys|auth|user|email-accounts)\b/.test(path))).toEqual([]);
  });

  it('gives each route its request and answer shapes, its errors, and examples', async () => {
    const document = await fetchDocument();
    const upsert = document.paths?.['/api/leads/by-email/{email}']?.put;
    if (!upsert) throw new Error('PUT /api/leads/by-email/{email} is not in the document');
    expect(upsert.tags).toEqual(['leads']);
    const body = (upsert.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json'];
    expect(body.schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      properties: { customFields: expect.any(Object), status: { enum: ['active', 'unsubscribed', 'bounced'] } },
    });
    // The schema's example, as the media type's (@fastify/swagger moves it there).
    expect(body.example).toMatchObject({ firstName: 'Maria' });
    expect(Object.keys(upsert.responses ?? {})).toEqual(expect.arrayContaining(['200', '201', '400', '401', '429']));
    const lead = (upsert.responses['200'] as OpenAPIV3_1.ResponseObject).content?.['application/json'];
    expect(lead?.schema).toMatchObject({ properties: { email: { type: 'string' } } });
    expect(lead?.example).toMatchObject({ email: 'maria@lopezbakery.com', status: 'active' });
  });
});

describe('the webhooks of the document', () => {
  it('document every event: its signed headers, its body from the event schema, and an example', async () => {
    const document = await fetchDocument();
    expect(Object.keys(document.webhooks ?? {}).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const replied = (document.webhooks?.['email.replied'] as OpenAPIV3_1.PathItemObject | undefined)?.post;
    if (!replied) throw new Error('email.replied is not in the document');
    expect(replied.parameters?.map((parameter) => (parameter as OpenAPIV3_1.ParameterObject).name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    const body = (replied.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json'];
    expect(body.schema).toMatchObject({
      properties: {
        type: { const: 'email.replied' },
        data: { properties: { reply: { properties: { text: { type: 'string' }, url: { type: 'string' } } } } },
      },
    });
    expect(body.example).toMatchObject({ type: 'email.replied', data: WEBHOOK_SAMPLES['email.replied'] });
    expect(document.paths?.['/api/webhooks']?.post?.tags).toEqual(['webhooks']);
  });
});

describe('/api/docs', () => {
  it('renders the document from files served here, without a CDN, for anyone', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/src="https?:/);
    expect(page.body).toContain('./static/swagger-ui-bundle.js');
    const script = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});
