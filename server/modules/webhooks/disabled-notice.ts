import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { escapeHtml } from '../../../contract/template-render';
import type { SystemMailer } from '../../adapters/mail/system-mailer';
import type { OutgoingMail } from '../../adapters/mail/transport';
import type { Database } from '../../db/client';
import { type EmailAccountRow, emailAccounts, users } from '../../db/schema';

/**
 * Tells a user by mail that one of their webhook endpoints was turned off: from the installation's own address
 * when it has one (SYSTEM_SMTP_URL), else from the user's own first working mailbox, as brake notices are. Answers
 * whether a mail went; the settings screen shows the same words either way.
 */
export function createWebhookDisabledNotice(deps: {
  db: Database;
  publicUrl: string;
  systemMailer: SystemMailer | null;
  /** Sends from one of the user's mailboxes (the transport registry's send). */
  transports: { send(account: EmailAccountRow, mail: OutgoingMail): Promise<unknown> };
}) {
  return async (userId: string, url: string, reason: string): Promise<boolean> => {
    const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
    if (!user) return false;
    const settings = `${deps.publicUrl}/settings#webhooks`;
    const subject = 'LocalReach turned off a webhook endpoint';
    const text = `Your webhook endpoint ${url} was turned off.\n\n${reason}\n\nTurn it on again in Settings: ${settings}\n`;
    if (deps.systemMailer) {
      await deps.systemMailer.send({ to: user.email, subject, text });
      return true;
    }
    const mailboxes = await deps.db
      .select()
      .from(emailAccounts)
      .where(eq(emailAccounts.userId, userId))
      .orderBy(asc(emailAccounts.id));
    const account = mailboxes.find((mailbox) => mailbox.status !== 'error') ?? mailboxes[0];
    if (!account) return false;
    await deps.transports.send(account, {
      from: { name: 'LocalReach', address: account.email },
      to: user.email,
      subject,
      text,
      html: `<p>Your webhook endpoint <b>${escapeHtml(url)}</b> was turned off.</p><p>${escapeHtml(reason)}</p><p>Turn it on again in <a href="${escapeHtml(settings)}">Settings</a>.</p>`,
      messageId: `<webhook-off-${randomUUID()}@${account.email.split('@')[1] ?? 'localreach.local'}>`,
    });
    return true;
  };
}
