import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a32, pickIndex } from './fnv-hash';
import { MAX_SPIN_VARIANTS, malformedSpins, resolveSpins, spinVariants } from './spintax';

describe('fnv1a32', () => {
  it('gives the published FNV-1a values', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('picks a slot in range', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 20 }), (key, count) => {
        const index = pickIndex(key, count);
        return Number.isInteger(index) && index >= 0 && index < count;
      }),
    );
  });
});

describe('resolveSpins', () => {
  it('gives the same text for the same seed, every time', () => {
    const text = '{{spin: Hi | Hello | Hey}} there, {{spin: a | b | c | d}}';
    const first = resolveSpins(text, '42:1');
    for (let call = 0; call < 5; call++) expect(resolveSpins(text, '42:1')).toBe(first);
  });

  it('spreads the choices of a spin over many seeds, two or three ways', () => {
    const countsOf = (text: string) => {
      const counts = new Map<string, number>();
      for (let leadId = 1; leadId <= 600; leadId++) {
        const out = resolveSpins(text, `${leadId}:1`);
        counts.set(out, (counts.get(out) ?? 0) + 1);
      }
      return counts;
    };
    const three = countsOf('{{spin: Hi | Hello | Hey}}');
    expect([...three.keys()].sort()).toEqual(['Hello', 'Hey', 'Hi']);
    // Roughly even: no choice is rare.
    for (const count of three.values()) expect(count).toBeGreaterThan(120);
    const two = countsOf('{{spin:yes|no}}');
    expect([...two.keys()].sort()).toEqual(['no', 'yes']);
    for (const count of two.values()) expect(count).toBeGreaterThan(220);
  });

  it('picks each spin of a text on its own', () => {
    const pairs = new Set<string>();
    for (let leadId = 1; leadId <= 200; leadId++) {
      pairs.add(resolveSpins('{{spin: a | b}}{{spin: a | b}}', `${leadId}:1`));
    }
    expect([...pairs].sort()).toEqual(['aa', 'ab', 'ba', 'bb']);
  });

  it('always gives one of the choices, trimmed, in place', () => {
    const choice = fc.string().map((text) => text.replace(/[{}|]/g, ''));
    fc.assert(
      fc.property(fc.array(choice, { minLength: 1, maxLength: 5 }), fc.string(), (choices, seed) => {
        const out = resolveSpins(`Start {{spin:${choices.join('|')}}} end`, seed);
        return choices.some((option) => out === `Start ${option.trim()} end`);
      }),
    );
  });

  it('leaves a text without spins exactly as it is', () => {
    const piece = fc.constantFrom('{', '}', '|', '{{', '}}', 'spin', ':', 'spin:', '{firstName}', 'Hi', ' ', '\n');
    const text = fc
      .array(fc.oneof(piece, fc.string()), { maxLength: 20 })
      .map((pieces) => pieces.join(''))
      .filter((candidate) => !/\{\{\s*spin\s*:/i.test(candidate));
    fc.assert(fc.property(text, fc.string(), (candidate, seed) => resolveSpins(candidate, seed) === candidate));
  });

  it('keeps variables, with their fallbacks, inside a choice', () => {
    const outs = new Set<string>();
    for (let leadId = 1; leadId <= 50; leadId++) {
      outs.add(resolveSpins('{{spin: Hi {firstName|there} | Hey {company}}}', `${leadId}:1`));
    }
    expect([...outs].sort()).toEqual(['Hey {company}', 'Hi {firstName|there}']);
  });

  it('allows an empty choice, and spins spanning markup', () => {
    const outs = new Set<string>();
    for (let leadId = 1; leadId <= 50; leadId++) {
      outs.add(resolveSpins('<p>{{spin: | Quick question:}} is {{spin:<b>it</b>|this}} on?</p>', `${leadId}:1`));
    }
    expect(outs).toContain('<p> is <b>it</b> on?</p>');
    expect(outs).toContain('<p>Quick question: is this on?</p>');
  });

  it('leaves a malformed spin as written, resolving a complete one inside it', () => {
    expect(resolveSpins('Hi {{spin: a | b', 's')).toBe('Hi {{spin: a | b');
    expect(resolveSpins('{{spin: a | b} and more', 's')).toBe('{{spin: a | b} and more');
    expect(resolveSpins('{{spin: a {x | b}}', 's')).toBe('{{spin: a {x | b}}');
    const nested = resolveSpins('{{spin: a {{spin: b | b}} | c}}', 's');
    expect(nested).toBe('{{spin: a b | c}}');
  });

  it('accepts spaces and capitals in the opening, not a single brace', () => {
    expect(resolveSpins('{{ SPIN : x }}', 's')).toBe('x');
    expect(resolveSpins('{spin: x | y}', 's')).toBe('{spin: x | y}');
  });
});

describe('spinVariants', () => {
  it('puts every choice in its place at least once', () => {
    expect(spinVariants('{{spin: Hi | Hello | Hey}} {firstName}, {{spin: a | b}}')).toEqual([
      'Hi {firstName}, a',
      'Hello {firstName}, b',
      'Hey {firstName}, b',
    ]);
    expect(spinVariants('No spin here')).toEqual(['No spin here']);
  });

  it('makes at most MAX_SPIN_VARIANTS versions, however many choices a spin has (each is a pass of the checks)', () => {
    const choices = Array.from({ length: 5000 }, (_, i) => `w${i}`);
    const variants = spinVariants(`{{spin: ${choices.join(' | ')}}} and {{spin: x | y}}`);
    expect(variants).toHaveLength(MAX_SPIN_VARIANTS);
    expect(variants.slice(0, 2)).toEqual(['w0 and x', 'w1 and y']);
  });

  it('reads a text of 200,000 spins (spreading them into Math.max overflowed the stack)', () => {
    expect(spinVariants('{{spin: a | b}}'.repeat(200_000))).toHaveLength(2);
  });
});

describe('malformedSpins', () => {
  it('names each spin that is not closed, cut short', () => {
    expect(malformedSpins('{{spin: Hi | Hello}} fine')).toEqual([]);
    expect(malformedSpins('Hi {{spin: a | b')).toEqual(['{{spin: a | b']);
    expect(malformedSpins('{{spin: a | b\nnext line')).toEqual(['{{spin: a | b']);
    expect(malformedSpins(`{{spin: ${'x'.repeat(40)}`)).toEqual([`{{spin: ${'x'.repeat(32)}…`]);
  });
});
