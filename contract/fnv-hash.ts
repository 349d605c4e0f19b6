/**
 * FNV-1a, 32 bits, over the UTF-16 code units of a string: a small, stable hash that server and browser compute
 * alike. Not for secrets; for picking something the same way every time from the same input.
 */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * One of `count` slots for `key`, the same for the same key. It scales the hash instead of taking a remainder: the
 * high bits of FNV-1a are well mixed, its low bits barely (the lowest is a parity of the input's characters).
 */
export function pickIndex(key: string, count: number): number {
  return Math.floor((fnv1a32(key) / 2 ** 32) * count);
}
