import { describe, expect, it } from 'vitest';
import type { FoundBusiness } from '../../adapters/lead-sources/lead-source';
import { mergeBusinesses } from './merge-businesses';

const found = (overrides: Partial<FoundBusiness>): FoundBusiness => ({
  source: 'osm',
  sourceId: 'node/1',
  name: 'Bright Smile Dental',
  category: 'dentist',
  address: '12 Main Street, Springfield',
  phone: null,
  website: null,
  email: null,
  latitude: 1,
  longitude: 2,
  ...overrides,
});

describe('mergeBusinesses', () => {
  it('keeps the same business once, by name and address or by website, filling in what it lacked', () => {
    const merged = mergeBusinesses([
      found({ website: 'https://www.brightsmile.test/' }),
      found({
        source: 'google',
        sourceId: 'g1',
        name: 'Bright  Smile Dental',
        phone: '+1 555',
        address: '12 Main Street,  Springfield',
      }),
      found({
        source: 'google',
        sourceId: 'g2',
        name: 'Bright Smile',
        address: 'Elsewhere',
        website: 'http://brightsmile.test',
        email: 'a@brightsmile.test',
      }),
      found({ sourceId: 'node/2', name: 'City Teeth', address: '5 Oak Avenue' }),
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({
      source: 'osm',
      sourceId: 'node/1',
      phone: '+1 555',
      email: 'a@brightsmile.test',
    });
    expect(merged[1].name).toBe('City Teeth');
  });

  it('keeps businesses without an address or website apart', () => {
    expect(mergeBusinesses([found({ address: null }), found({ sourceId: 'node/2', address: null })])).toHaveLength(2);
  });
});
