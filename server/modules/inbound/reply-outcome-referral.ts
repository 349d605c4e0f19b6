// The person a "wrong person" reply sends us to: "please contact Maria at maria@…", "Sarah Ross (sarah@…)".

/** An address, plainly written (bounded parts, so linear). */
const EMAIL = /[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}/;

/** Up to four capitalised words right before the address, with what usually stands between: "at", ":", "(", "-". */
const NAME_BEFORE =
  /(\p{Lu}[\p{L}'’-]{0,30}(?:\s{1,2}\p{Lu}[\p{L}'’-]{0,30}){0,3})\s{0,2}(?:at|:|-|–|—|,|\(|<|via|unter|em|en|à)?\s{0,2}$/u;

/** Words before a name that are not part of it: titles, greetings, the verbs around it. */
const NOT_NAME = new Set(
  'please contact email write reach hi hello dear bitte frau herr mr mrs ms miss dr mme mlle m sr sra srta dona dom contactez escriba fale kontakt try ask see talk call he she our my the its his her'.split(
    ' ',
  ),
);

export function referralIn(words: string): { email: string; name?: string } | null {
  const match = EMAIL.exec(words);
  if (!match) return null;
  const email = match[0].replace(/\.+$/, '').toLowerCase();
  const before =
    words
      .slice(Math.max(0, match.index - 80), match.index)
      .split('\n')
      .pop() ?? '';
  const found = NAME_BEFORE.exec(before);
  const name = found?.[1]
    .split(/\s+/)
    .filter((word) => !NOT_NAME.has(word.toLowerCase().replace(/\.$/, '')))
    .join(' ');
  return name ? { email, name } : { email };
}
