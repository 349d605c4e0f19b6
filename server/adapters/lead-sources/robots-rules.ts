type Rule = { allow: boolean; pattern: string };

/**
 * A robots.txt (RFC 9309) as it applies to us: the group naming our product token, else the `*` group; of its
 * Allow and Disallow rules the longest match wins, Allow on a tie; `*` and a final `$` are understood.
 */
export class RobotsRules {
  private constructor(private readonly rules: Rule[]) {}

  /** Everything allowed: no robots.txt, or one that could not be read. */
  static allowAll(): RobotsRules {
    return new RobotsRules([]);
  }

  static parse(text: string, productToken: string): RobotsRules {
    const token = productToken.toLowerCase();
    const groups: { agents: string[]; rules: Rule[] }[] = [];
    let group: { agents: string[]; rules: Rule[] } | undefined;
    for (const rawLine of text.split(/\r?\n|\r/)) {
      const line = rawLine.replace(/#.*/, '').trim();
      const separator = line.indexOf(':');
      if (separator < 0) continue;
      const field = line.slice(0, separator).trim().toLowerCase();
      const value = line.slice(separator + 1).trim();
      if (field === 'user-agent') {
        // Consecutive User-agent lines share one group.
        if (!group || group.rules.length > 0) {
          group = { agents: [], rules: [] };
          groups.push(group);
        }
        group.agents.push(value.toLowerCase());
      } else if (group && (field === 'allow' || field === 'disallow')) {
        // An empty Disallow allows everything: kept (it ends the group's User-agent lines) but never matched.
        group.rules.push({ allow: field === 'allow' || !value, pattern: value });
      }
    }
    const ours = groups.filter((candidate) => candidate.agents.includes(token));
    const chosen = ours.length > 0 ? ours : groups.filter((candidate) => candidate.agents.includes('*'));
    return new RobotsRules(chosen.flatMap((candidate) => candidate.rules.filter((rule) => rule.pattern)));
  }

  /** Whether the path (with its query) may be fetched. */
  allows(pathAndQuery: string): boolean {
    let best: Rule | undefined;
    for (const rule of this.rules) {
      if (!patternMatches(rule.pattern, pathAndQuery)) continue;
      const longer = !best || rule.pattern.length > best.pattern.length;
      const tieAllows = best && rule.pattern.length === best.pattern.length && rule.allow;
      if (longer || tieAllows) best = rule;
    }
    return best?.allow ?? true;
  }
}

function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const source = body
    .split('*')
    .map((part) => escapeForRegExp(normalisePath(part)))
    .join('.*');
  return new RegExp(`^${source}${anchored ? '$' : ''}`).test(normalisePath(path));
}

/** Percent-encodings compared in one spelling (%7e and ~ are the same path). */
function normalisePath(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}

function escapeForRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
