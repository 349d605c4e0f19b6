import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_KEY_AREAS } from '../../../contract/api-keys';
import { apiKeyAreaOf } from '../api-keys/api-key-areas';
import { WEBHOOKS_TAG, webhookDocs } from './webhook-docs';

/** Where the document and its reader are served; both are public (route-access.ts). */
export const OPENAPI_JSON_URL = '/api/openapi.json';
export const API_DOCS_PREFIX = '/api/docs';

/** The API's own version: its paths and shapes change only by adding (fields, routes), never by renaming. */
const API_VERSION = '1.0.0';

const AREA_DESCRIPTIONS: Record<(typeof API_KEY_AREAS)[number], string> = {
  leads: 'The people you write to: list, add, look up and update by email, import, delete.',
  templates: 'Email templates, and drafts from the AI writer.',
  campaigns: 'Campaigns and sequences: start, follow, pause and resume.',
  replies: "Prospects' replies, how each was classified, and the answers to them.",
  analytics: 'Sent, opened, clicked, replied and booked, by day, template and campaign.',
};

const messageShape = {
  type: 'object',
  properties: { message: { type: 'string', description: 'What went wrong, in words a person can read.' } },
  required: ['message'],
} as const;

/** Every route may answer these; the document says so once per route rather than each route declaring them. */
const ERROR_RESPONSES = {
  400: { description: 'The request is not valid (a field it does not know, a value out of range).', ...messageShape },
  401: { description: 'No API key, or one that is not valid or was revoked.', ...messageShape },
  403: { description: "The key's scopes do not allow this.", ...messageShape },
  404: { description: 'Not found, or not yours.', ...messageShape },
  429: {
    description: 'Too many requests with this key; the Retry-After header says how long to wait.',
    ...messageShape,
  },
};

/**
 * The public API's OpenAPI 3.1 document, made from the same zod schemas the routes validate with: every route an
 * API key can reach (api-key-areas.ts) with its request, answers and errors, under the bearer scheme. Routes for a
 * signed-in person only are left out. Registered before the routes, so it sees each one as it is added.
 */
export async function registerOpenApi(app: FastifyInstance, options: { publicUrl: string }) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'LocalReach API',
        version: API_VERSION,
        description:
          'The routes the LocalReach web app uses, for your own programs. Make a key in Settings → API keys and ' +
          'send it as `Authorization: Bearer <key>`; a key acts as you, within its scopes (read, write, per area). ' +
          'Errors answer `{ "message": "…" }`. A field a route does not know is refused with 400, naming it.',
      },
      servers: [{ url: options.publicUrl }],
      tags: [...API_KEY_AREAS.map((area) => ({ name: area, description: AREA_DESCRIPTIONS[area] })), WEBHOOKS_TAG],
      webhooks: webhookDocs(),
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from Settings → API keys (lr_…).' },
        },
      },
      security: [{ apiKey: [] }],
    },
    transform: (input) => {
      const area = input.url.startsWith('/api/') ? apiKeyAreaOf(input.url) : null;
      if (area === null) return { schema: { ...input.schema, hide: true }, url: input.url };
      const transformed = jsonSchemaTransform(input);
      // A route without a schema (a file download) is transformed to none.
      const schema = transformed.schema ?? {};
      const response = { ...ERROR_RESPONSES, ...((schema.response as object | undefined) ?? {}) };
      return { url: transformed.url, schema: { ...schema, tags: [area], response } };
    },
    transformObject: jsonSchemaTransformObject,
  });
}

/** GET /api/openapi.json and the reader at /api/docs (Swagger UI, served from its package: no CDN). */
export async function registerOpenApiRoutes(app: FastifyInstance) {
  app.get(OPENAPI_JSON_URL, { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // Its pages' own policy (scripts from its package only), without upgrading requests: a LAN install is on http.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/upgrade-insecure-requests;?\s*/, ''),
    uiConfig: { url: OPENAPI_JSON_URL, docExpansion: 'list', deepLinking: true },
  });
}
