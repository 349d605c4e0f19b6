import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { confirmPage } from '../modules/unsubscribe/unsubscribe-page';
import { appRoot } from './app-root';
import { PRIMARY_COLOR } from './standalone-page';

/** An sRGB hex colour from CSS oklch(L C h) (Björn Ottosson's OKLab matrices). */
function oklchToHex(l: number, c: number, hue: number): string {
  const a = c * Math.cos((hue * Math.PI) / 180);
  const b = c * Math.sin((hue * Math.PI) / 180);
  const [l3, m3, s3] = [
    l + 0.3963377774 * a + 0.2158037573 * b,
    l - 0.1055613458 * a - 0.0638541728 * b,
    l - 0.0894841775 * a - 1.291485548 * b,
  ].map((v) => v ** 3);
  const linear = [
    4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
    -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
    -0.0041960863 * l3 - 0.7034186147 * m3 + 1.707614701 * s3,
  ];
  const encode = (v: number) => {
    const x = Math.min(1, Math.max(0, v));
    return x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055;
  };
  return `#${linear
    .map((v) =>
      Math.round(255 * encode(v))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

describe('pages outside the app', () => {
  it('take the app’s primary colour for their buttons', () => {
    const css = readFileSync(path.join(appRoot, 'web/src/index.css'), 'utf8');
    const [, l, c, h] = /--primary:\s*oklch\(([\d.]+)\s+([\d.]+)\s+([\d.]+)\)/.exec(css) ?? [];
    expect(PRIMARY_COLOR).toBe(oklchToHex(Number(l), Number(c), Number(h)));
    const page = confirmPage({
      unsubscribed: false,
      senderName: 'Harbor Homes',
      leadEmail: 'lead@example.com',
    });
    expect(page).toContain(`button{background:${PRIMARY_COLOR};`);
  });
});
