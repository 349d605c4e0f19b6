import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { templatePlaceholders } from '../../../../contract/template-render';
import { sanitizeEmailHtml } from '../../../modules/templates/sanitize-email-html';
import { PROFILES, PROMPT_CASES, type PromptCase } from '../../../test/writer-prompt-cases';
import type { Draft, EmailTone, WriterProfile } from './email-writer';
import { OfflineWriter } from './offline-writer';
import type { DesiredAction } from './prompt-words';

const writer = new OfflineWriter();
const write = (prompt: string, profile: WriterProfile, tone: EmailTone = 'professional') =>
  writer.draft({ prompt, profile, tone, notes: null });

/** The body's paragraphs as text: tags out, entities decoded, line breaks as " | ". */
const paragraphsOf = (body: string) =>
  [...body.matchAll(/<p>(.*?)<\/p>/g)].map(([, html]) =>
    html
      .replace(/<br>/g, ' | ')
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
/** Words only, lower case, one space apart: for "is the prompt in the draft" questions. */
const comparable = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');

const GREETING: Record<EmailTone, string> = { professional: 'Hello', friendly: 'Hi', casual: 'Hey' };
const SIGN_OFF: Record<EmailTone, string> = {
  professional: 'Best regards,',
  friendly: 'Warm wishes,',
  casual: 'Cheers,',
};
/** Words that ask the reader for something: only the call to action may use them. */
const ASKS = /\?|\b(reply|call|book|attend|come|join|contact)\b/i;
const ACTION_WORDS: Record<DesiredAction, RegExp> = {
  book: /\bbook\b/,
  call: /\bcall\b|\bphone\b/,
  reply: /\breply\b/,
  visit: /\b(make it|attend|come|join us)\b/,
};

/** The formatting every draft must keep, whatever the prompt: nothing doubled, empty, unbalanced or left open. */
function expectWellFormed({ subject, body }: Draft) {
  expect(subject.trim()).toBe(subject);
  expect(subject.length).toBeGreaterThan(0);
  expect(subject.length).toBeLessThanOrEqual(78);
  expect(subject).not.toMatch(/[\r\n]|\s{2}|\.$/);
  // Only paragraphs and line breaks, balanced, every other "<" or "&" escaped; all of it kept by the sanitiser.
  expect(body).toMatch(/^(<p>[^<>]+(<br>[^<>]+)*<\/p>)+$/);
  expect(body.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toContain('&');
  expect(paragraphsOf(sanitizeEmailHtml(body).replaceAll('<br />', '<br>'))).toEqual(paragraphsOf(body));
  for (const text of [subject, ...paragraphsOf(body)]) {
    expect(text).not.toMatch(/\s{2}|\s[,.!?:;]|[,.;:]{2}|[.!?],|,[.!?]|\.\.|…|\bundefined\b|\bnull\b/);
  }
  // No placeholder but the greeting's, which the renderer fills or falls back from.
  expect(templatePlaceholders(`${subject} ${body}`).map(({ name, fallback }) => `${name}|${fallback}`)).toEqual([
    'firstName|there',
  ]);
}

/** Capitalised words that do not start a sentence must be names the prompt or the profile gave, or acronyms. */
function unexpectedCapitals(text: string, allowed: Set<string>): string[] {
  const words = [...text.matchAll(/(^|[.!?:|]\s+|\s)([\p{Lu}][\p{L}\d'’/-]*)/gu)];
  return words
    .filter(([, before]) => before.length > 0 && !/[.!?:|]/.test(before))
    .map(([, , word]) => word)
    .filter((word) => !allowed.has(word.replace(/['’].*$/, '')) && !/^[\p{Lu}\d]{2,}$/u.test(word));
}

describe('the offline writer on the fixed prompt set', () => {
  const industries = new Set(PROMPT_CASES.map(({ industry }) => industry));
  it('covers at least 20 prompts from every industry the product serves', () => {
    expect(PROMPT_CASES.length).toBeGreaterThanOrEqual(20);
    expect([...industries].sort()).toEqual(['finance', 'healthcare', 'home services', 'insurance', 'real estate']);
  });

  it.each(PROMPT_CASES.map((promptCase) => [promptCase.prompt, promptCase] as const))('%s', async (_, testCase) => {
    const { prompt, industry, strategyTone, expect: wanted } = testCase as PromptCase;
    const profile = PROFILES[industry];
    const draft = await write(prompt, profile, strategyTone);
    expectWellFormed(draft);
    const paragraphs = paragraphsOf(draft.body);
    const text = paragraphs.join(' ');

    // The subject is about the offer (or topic), and when it is for.
    for (const words of wanted.subject) expect(draft.subject.toLowerCase()).toContain(words.toLowerCase());
    expect(draft.subject).toMatch(/^[\p{Lu}\d]/u);

    // The tone: the prompt's words, else the strategy's.
    expect(paragraphs[0]).toBe(`${GREETING[wanted.tone]} {firstName|there},`);
    expect(paragraphs.at(-1)).toMatch(new RegExp(`^${SIGN_OFF[wanted.tone]} \\| ${profile.firstName}`));
    expect(paragraphs.at(-1)).toContain(profile.companyName);

    // The opening names the season, the area and the audience the prompt gives.
    for (const words of wanted.opening) expect(paragraphs[1]).toContain(words);
    // The offer, whole; the sender's business from the profile.
    expect(text).toContain(wanted.offer);
    for (const words of wanted.body ?? []) expect(text).toContain(words);
    expect(text).toContain(`${profile.companyName}`);
    // The service mid-sentence: "Roofing, plumbing & HVAC" reads "roofing, plumbing & HVAC".
    const service = profile.service ?? '';
    if (!wanted.short) expect(text).toContain(service.charAt(0).toLowerCase() + service.slice(1));

    // Exactly one call to action, just before the sign-off, asking for what the prompt wants.
    const middle = paragraphs.slice(1, -1).map((paragraph) => paragraph.replace(wanted.offer, ''));
    expect(middle.filter((paragraph) => ASKS.test(paragraph))).toEqual([middle.at(-1)]);
    expect(middle.at(-1)).toMatch(ACTION_WORDS[wanted.action]);
    expect(middle.at(-1)?.match(/\?/g)?.length ?? 0).toBeLessThanOrEqual(1);

    // Capitals only where they belong: "families in Austin", never "Families in Austin" mid-sentence.
    const allowed = new Set([
      'I',
      ...[profile.firstName, profile.lastName, profile.companyName].flatMap((field) => field?.split(/\s+/) ?? []),
      ...(profile.preferredLocalClients?.split(/\s+/).slice(1) ?? []),
      ...(wanted.opening.join(' ').match(/\p{Lu}[\p{L}-]*/gu) ?? []),
      ...(wanted.properNouns ?? []),
      ...'January February March April May June July August September October November December Monday Tuesday Wednesday Thursday Friday Saturday Sunday'.split(
        ' ',
      ),
    ]);
    expect(unexpectedCapitals(`${paragraphs.slice(1).join(' ')}`, allowed)).toEqual([]);
    expect(unexpectedCapitals(draft.subject, allowed)).toEqual([]);

    // Every sentence complete; the prompt never pasted, not even ten words of it in a row.
    for (const paragraph of middle) expect(paragraph).toMatch(/[.!?]$/);
    const promptWords = comparable(prompt).split(' ');
    const written = comparable(`${draft.subject} ${text}`);
    expect(written).not.toContain(comparable(prompt));
    for (let start = 0; start + 10 <= promptWords.length; start++) {
      expect(written).not.toContain(promptWords.slice(start, start + 10).join(' '));
    }

    // A sendable length: a few short paragraphs; a short email shorter still.
    const wordCount = comparable(text).split(' ').length;
    expect(wordCount).toBeGreaterThanOrEqual(30);
    expect(wordCount).toBeLessThanOrEqual(wanted.short ? 75 : 130);
  });

  it('writes a different draft for every prompt, and the same draft again for the same prompt', async () => {
    const drafts = await Promise.all(
      PROMPT_CASES.map(({ prompt, industry, strategyTone }) => write(prompt, PROFILES[industry], strategyTone)),
    );
    expect(new Set(drafts.map(({ body }) => body)).size).toBe(drafts.length);
    expect(new Set(drafts.map(({ subject }) => subject)).size).toBe(drafts.length);
    const [first] = PROMPT_CASES;
    expect(await write(first.prompt, PROFILES[first.industry], first.strategyTone)).toEqual(drafts[0]);
  });

  it('writes the same prompt in the tone asked for', async () => {
    const prompt = 'Offer homeowners in Boise a free gutter inspection';
    const profile = PROFILES['home services'];
    const tones = await Promise.all(
      (['professional', 'friendly', 'casual'] as const).map((tone) => write(prompt, profile, tone)),
    );
    expect(tones.map(({ body }) => paragraphsOf(body)[0])).toEqual([
      'Hello {firstName|there},',
      'Hi {firstName|there},',
      'Hey {firstName|there},',
    ]);
    expect(new Set(tones.map(({ body }) => body)).size).toBe(3);
    // The prompt's own tone words win over the strategy's.
    const formal = await write(`${prompt}, keep it formal`, profile, 'casual');
    expect(paragraphsOf(formal.body)[0]).toBe('Hello {firstName|there},');
    expect(formal.body).toContain('Best regards,');
  });

  it('writes a short draft when asked to keep it short', async () => {
    const prompt = 'Offer homeowners in Boise a free gutter inspection this fall';
    const profile = PROFILES['home services'];
    const words = async (text: string) =>
      comparable(paragraphsOf((await write(text, profile)).body).join(' ')).split(' ');
    expect((await words(`${prompt}, keep it short`)).length).toBeLessThan((await words(prompt)).length - 10);
  });

  it('keeps the capitals a place has, from the prompt or the profile, and lowers the rest', async () => {
    const lower = await write('free roof check for homeowners in boise before winter', PROFILES['home services']);
    expect(paragraphsOf(lower.body)[1]).toContain('Boise');
    const title = await write('Free Roof Check For Homeowners In Meridian Before Winter', PROFILES['home services']);
    expect(title.subject).toMatch(/^(Your f|F)ree roof check before winter$/);
    expect(paragraphsOf(title.body)[1]).toMatch(/in Meridian, .*homeowners\./);
    const shouting = await write('FREE FLU SHOTS FOR SENIORS THIS FALL', PROFILES.healthcare);
    expect(shouting.subject.toLowerCase()).toContain('free flu shots this fall');
    expect(shouting.body).toContain('free flu shots');
    expect(shouting.body).not.toMatch(/FREE|SENIORS/);
  });

  it('leaves out what the profile does not say, without empty words in its place', async () => {
    const empty: WriterProfile = {
      firstName: null,
      lastName: null,
      companyName: null,
      industry: null,
      service: null,
      preferredLocalClients: null,
    };
    const draft = await write('a friendly note offering a free home valuation', empty);
    expectWellFormed(draft);
    const paragraphs = paragraphsOf(draft.body);
    expect(paragraphs.at(-1)).toBe('Warm wishes,');
    expect(draft.body).not.toMatch(/our team|our services|from ,|\bat \./);
    const companyOnly = await write('Announce our new evening hours', {
      ...empty,
      companyName: 'Bright Smiles Dental',
    });
    expectWellFormed(companyOnly);
    expect(paragraphsOf(companyOnly.body)).toContain('I am writing on behalf of Bright Smiles Dental.');
  });

  it('asks for what the prompt asks for, and one thing only', async () => {
    const profile = PROFILES.insurance;
    const ask = async (prompt: string) => paragraphsOf((await write(prompt, profile, 'friendly')).body).at(-2);
    expect(await ask('Offer renters a free policy review, ask them to call us')).toMatch(/call/);
    expect(await ask('Offer renters a free policy review and have them reply')).toMatch(/reply/);
    expect(await ask('Offer renters a free policy review. CTA: book online')).toMatch(/book/);
    expect(await ask('Invite families to our insurance Q&A night on Thursday')).toMatch(/make it|come/);
  });
});

describe('the offline writer on any prompt', () => {
  const profile = PROFILES['real estate'];
  /** Words of the kind prompts are made of, cues and connectors included, to put together in any order. */
  const vocabulary = fc.constantFrom(
    'write',
    'a',
    'friendly',
    'note',
    'to',
    'families',
    'in',
    'Austin',
    'who',
    'might',
    'sell',
    'their',
    'home',
    'this',
    'spring',
    'offering',
    'free',
    'valuation',
    'invite',
    'remind',
    'that',
    'ask',
    'them',
    'call',
    'book',
    'about',
    'for',
    'with',
    'our',
    'new',
    'open',
    'house',
    'on',
    'Saturday',
    'and',
    ',',
    '.',
    ':',
    '15%',
    'off',
    'the',
    'let',
    'know',
    'keep',
    'it',
    'short',
    'before',
    'winter',
    'HVAC',
    'tax',
    'season',
    '<b>',
    '{firstName}',
    '{{spin:',
    '|',
    '}}',
    '—',
  );
  const wordPrompt = fc.array(vocabulary, { minLength: 1, maxLength: 40 }).map((words) => words.join(' '));
  const anyPrompt = fc.oneof(wordPrompt, fc.string({ minLength: 1, maxLength: 300 }), fc.string({ unit: 'grapheme' }));

  it('reads words that are names of built-in object properties as words', async () => {
    for (const prompt of ['constructor', 'toString for __proto__ owners in hasOwnProperty', 'a valueOf note to you']) {
      expectWellFormed(await write(prompt, profile, 'friendly'));
    }
  });

  // Found by the property below: a word once kept ".." or, with a lone bracket taken out, a final "." ("AA.)").
  it('ends a clause at dots in a row or a dot before a lone bracket, even inside a word', async () => {
    for (const prompt of ['AA..0', 'AB...C deals for homeowners', 'spring..offer', 'AA.)', '(AA.)', 'AA.)0']) {
      expectWellFormed(await write(prompt, profile, 'professional'));
    }
  });

  it('always writes a well-formed draft', async () => {
    await fc.assert(
      fc.asyncProperty(anyPrompt, fc.constantFrom('professional', 'friendly', 'casual'), async (prompt, tone) => {
        expectWellFormed(await write(prompt, profile, tone as EmailTone));
      }),
      { numRuns: 300 },
    );
  });

  it('never copies a long prompt whole', async () => {
    await fc.assert(
      fc.asyncProperty(
        wordPrompt.filter((prompt) => comparable(prompt).split(' ').length >= 8),
        async (prompt) => {
          const { subject, body } = await write(prompt, profile);
          expect(comparable(`${subject} ${paragraphsOf(body).join(' ')}`)).not.toContain(comparable(prompt));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives every offer, place and audience its place, and different prompts different drafts', async () => {
    const part = <T>(values: T[]) => fc.constantFrom(...values);
    const brief = fc.record({
      audience: part(['homeowners', 'small business owners', 'retirees', 'young families', 'property managers']),
      place: part(['Austin', 'Maple Grove', 'Boise', 'Tampa']),
      offer: part(['a free roof check', 'a free policy review', 'a free home valuation', 'a free dental checkup']),
      when: part(['', ' this spring', ' before winter', ' next month']),
    });
    await fc.assert(
      fc.asyncProperty(brief, brief, async (a, b) => {
        const promptOf = ({ audience, place, offer, when }: typeof a) =>
          `a note to ${audience} in ${place}${when}, offering ${offer}`;
        const [first, second] = await Promise.all([write(promptOf(a), profile), write(promptOf(b), profile)]);
        const text = paragraphsOf(first.body).join(' ');
        expect(text).toContain(a.offer);
        expect(text).toContain(a.place);
        expect(text).toContain(a.audience);
        if (JSON.stringify(a) !== JSON.stringify(b)) expect(first.body).not.toBe(second.body);
      }),
      { numRuns: 200 },
    );
  });

  it('reads the longest prompts the API accepts without stalling', async () => {
    // Long runs of what the reader looks at twice (places, moments, cues): a slow pattern would time the test out.
    for (const unit of [
      'in Austin ',
      'this spring ',
      'to families ',
      'A ',
      'free, ',
      '<'.repeat(3),
      'a-b-c '.repeat(2),
    ]) {
      expectWellFormed(await write(unit.repeat(Math.floor(4000 / unit.length)).slice(0, 4000), profile));
    }
  });
});
