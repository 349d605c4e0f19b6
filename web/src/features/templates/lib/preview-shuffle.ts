import { spinVariants } from '@contract/spintax';

/** The spins' seed of the preview after `shuffles` clicks on Shuffle. */
export const previewSpinSeed = (shuffles: number) => `preview:${shuffles}`;

/** Shuffling only shows something new when a spin has two choices or more. */
export const hasSpinChoices = (...texts: string[]) => texts.some((text) => spinVariants(text).length > 1);

// Three choices and more each come up within a few seeds; the cap only bounds the search.
const MAX_TRIES = 50;

/**
 * The shuffle count after `current` whose rendering (`render` of its seed) differs from the current one, so a click
 * on Shuffle always shows other words when there are any; the next count when none differ within the tries.
 */
export function nextShuffle(current: number, render: (seed: string) => string): number {
  const shown = render(previewSpinSeed(current));
  for (let next = current + 1; next <= current + MAX_TRIES; next++) {
    if (render(previewSpinSeed(next)) !== shown) return next;
  }
  return current + 1;
}
