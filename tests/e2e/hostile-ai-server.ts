/**
 * The third server of the browser tests: an app whose AI provider answers every request with script payloads in
 * every text it returns (a chat-completions peer in this process, following OpenAI's contract), so the XSS spec
 * sees what each screen makes of a hostile or compromised provider's output. Embedded database, fresh each run.
 */
import { startChatCompletionsPeer } from '../../server/test/chat-completions-peer';
import { e2eDataDir } from './data-dirs';
import { ALL, PAYLOADS } from './xss-payloads';

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
};

/** A value of `schema` whose every free text is a payload: enums keep their first value, numbers are 1. */
function hostileValue(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object') {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, value]) => [key, hostileValue(value)]),
    );
  }
  if (type === 'array') return schema.items ? [hostileValue(schema.items)] : [];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return false;
  return `${PAYLOADS.img} ${ALL}`;
}

const peer = await startChatCompletionsPeer();
peer.behaviour = (request) => {
  const schema = request.response_format?.json_schema?.schema as JsonSchema | undefined;
  // A JSON object without a schema: a draft (subject and body) or a suggested reply (body).
  const content = schema
    ? hostileValue(schema)
    : { subject: `Offer ${PAYLOADS.img}`, body: `<p>Hello ${ALL}</p><a href="${PAYLOADS.url}">link</a>` };
  return { content: JSON.stringify(content) };
};
process.env.AI_BASE_URL = peer.url;
process.env.AI_API_KEY = 'sk-e2e-hostile';
process.env.AI_MODEL = 'hostile-model';
process.env.DATA_DIR = e2eDataDir('ai');
await import('../../server/main');
