import { renderSubject, SAMPLE_LEAD } from '@contract/template-render';
import { describe, expect, it } from 'vitest';
import { hasSpinChoices, nextShuffle, previewSpinSeed } from './preview-shuffle';

describe('nextShuffle', () => {
  it('moves on to a seed that shows other words, each click', () => {
    const subject = '{{spin: Hi | Hello | Hey}} {firstName}';
    const render = (seed: string) => renderSubject(subject, SAMPLE_LEAD, seed);
    let shuffles = 0;
    const seen = new Set([render(previewSpinSeed(shuffles))]);
    for (let click = 0; click < 10; click++) {
      const before = render(previewSpinSeed(shuffles));
      shuffles = nextShuffle(shuffles, render);
      expect(render(previewSpinSeed(shuffles))).not.toBe(before);
      seen.add(render(previewSpinSeed(shuffles)));
    }
    expect(seen).toEqual(new Set(['Hi Maria', 'Hello Maria', 'Hey Maria']));
  });

  it('takes the next seed when nothing can change', () => {
    expect(nextShuffle(4, () => 'Same words')).toBe(5);
  });
});

describe('hasSpinChoices', () => {
  it('is true only when a spin has two choices or more', () => {
    expect(hasSpinChoices('Hello', '<p>{{spin: Hi | Hey}}</p>')).toBe(true);
    expect(hasSpinChoices('{{spin: Hi}}', '<p>{firstName|there}</p>')).toBe(false);
  });
});
