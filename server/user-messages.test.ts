import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoot } from './lib/app-root';
import { findTechnicalUserMessages } from './test/user-message-scan';

// A user never reads an environment variable, a setting's name or a code; the server keeps the operator's detail in
// its log and, for admins, in a "Details for the administrator" line (docs/product.md §8). This reads every message
// an error or a stored status carries to a screen, so a new one that names a setting fails here.
const serverDir = path.join(appRoot, 'server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the messages users read', () => {
  it('name no setting, environment variable, system error code or stack', () => {
    const findings = sourceFiles(serverDir).flatMap((file) =>
      findTechnicalUserMessages(file, readFileSync(file, 'utf8')).map(
        ({ line, text, what }) => `${path.relative(appRoot, file)}:${line} names ${what}: ${text}`,
      ),
    );
    expect(findings).toEqual([]);
  });

  it('are found wherever a message is written: an error, a stored status, a helper or a constant', () => {
    const source = `
      const HINT = 'Set SMTP_HOST first.';
      const hint = (port: number) => \`Nothing answered at port \${port} (ECONNREFUSED).\`;
      function reason(code: string) {
        if (code) return 'Check STRIPE_SECRET_KEY.';
        return 'Please try again.';
      }
      throw AppError.badRequest(HINT);
      throw new TransportError('temporary', hint(25));
      throw new AiError('refused', reason('x'));
      await db.update(campaigns).set({ errorMessage: \`Stopped: check PUBLIC_URL\` });
      throw new LeadSourceError('osm', 'The map service is busy.', 'Check NOMINATIM_URL.');
      throw AppError.badRequest(messageForReader('Could not connect.', 'Check SMTP_PORT', user.isAdmin));
      throw AppError.badRequest(\`Not set up. Details for the administrator: Set MS_CLIENT_ID\`);
    `;
    expect(findTechnicalUserMessages('example.ts', source).map(({ line, what }) => [line, what])).toEqual([
      [8, 'a setting or environment variable'],
      [9, 'a system error code'],
      [10, 'a setting or environment variable'],
      [11, 'a setting or environment variable'],
    ]);
  });
});
