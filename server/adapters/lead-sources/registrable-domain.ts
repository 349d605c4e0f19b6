/** Second levels under which country domains are registered (x.co.uk, x.com.au), in place of a public suffix list. */
const SECOND_LEVELS = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'ltd', 'plc', 'ne', 'or', 'gv', 'gen']);

/** The domain its owner registered: www.harbor-dental.co.uk → harbor-dental.co.uk, shop.x.com → x.com. */
export function registrableDomain(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length <= 2) return labels.join('.');
  const [secondLevel, topLevel] = labels.slice(-2);
  const keep = topLevel.length === 2 && SECOND_LEVELS.has(secondLevel) ? 3 : 2;
  return labels.slice(-keep).join('.');
}
