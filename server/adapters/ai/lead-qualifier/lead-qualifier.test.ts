import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatCompletionsPeer } from '../../../test/chat-completions-peer';
import { type BusinessToQualify, createLeadQualifier } from './lead-qualifier';
import { qualifyByRules } from './offline-lead-qualifier';

const profile = { industry: 'Marketing', service: 'Websites', preferredLocalClients: 'Dentists' };
const search = { query: 'dentist', radiusKm: 10 };
const businesses: BusinessToQualify[] = Array.from({ length: 25 }, (_, index) => ({
  name: `Clinic ${index}`,
  category: 'dentist',
  address: `${index} Main Street`,
  website: null,
  email: index % 2 ? `c${index}@clinic.test` : null,
  emailVerified: null,
  distanceKm: 1,
}));

let peer: Awaited<ReturnType<typeof startChatCompletionsPeer>>;
beforeAll(async () => {
  peer = await startChatCompletionsPeer();
});
afterAll(() => peer.close());

const withAi = () =>
  createLeadQualifier({ aiBaseUrl: peer.url, aiApiKey: 'sk-test', aiModel: 'm', aiTimeoutMs: 2_000 });

describe('createLeadQualifier', () => {
  it('scores by rules without a provider', async () => {
    const qualifier = createLeadQualifier({ aiModel: 'm', aiTimeoutMs: 2_000 });
    expect(qualifier.source).toBe('offline');
    expect(await qualifier.qualify(profile, search, businesses)).toEqual(qualifyByRules(profile, search, businesses));
  });

  it('asks the provider in batches by structured output, with the profile, and keeps its scores and reasons', async () => {
    peer.requests.length = 0;
    // Answers each batch by the indexes it was given, in reverse order (the index, not the order, matters).
    peer.behaviour = {
      content: JSON.stringify({
        results: Array.from({ length: 20 }, (_, index) => ({
          index: 19 - index,
          score: 90 - (19 - index),
          reason: `Fit ${19 - index}`,
        })),
      }),
    };
    const qualified = await withAi().qualify(profile, search, businesses.slice(0, 20));
    expect(qualified[0]).toEqual({ score: 90, reason: 'Fit 0' });
    expect(qualified[19]).toEqual({ score: 71, reason: 'Fit 19' });
    expect(peer.requests).toHaveLength(1);
    expect(peer.requests[0].response_format.json_schema?.name).toBe('lead_qualification');
    expect(peer.requests[0].messages[1].content).toContain('Their preferred local clients: Dentists.');
    expect(peer.requests[0].messages[1].content).toContain('"name":"Clinic 19"');
  });

  it('falls back to the rules when the provider leaves businesses out or fails', async () => {
    peer.behaviour = { content: JSON.stringify({ results: [{ index: 0, score: 50, reason: 'Fine' }] }) };
    const rules = qualifyByRules(profile, search, businesses);
    expect(await withAi().qualify(profile, search, businesses)).toEqual(rules);
    peer.behaviour = { status: 500, message: 'down' };
    expect(await withAi().qualify(profile, search, businesses)).toEqual(rules);
  });
});
