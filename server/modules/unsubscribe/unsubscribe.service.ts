import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaignRecipients, leads, users } from '../../db/schema';
import type { LinkTokens } from '../../lib/link-tokens';
import { senderName } from '../campaigns/engine/compose-mail';
import { automaticStatusChange } from '../leads/lead-status';
import { webhookLead } from '../webhooks/webhook-data';
import type { WebhookEmitter } from '../webhooks/webhook-emitter';

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;

/** Who a valid unsubscribe link is for: the lead's address and the sender it would stop. */
export type UnsubscribeTarget = { leadEmail: string; senderName: string; unsubscribed: boolean };

/**
 * Unsubscribes through the signed link in every campaign mail: no account, cookie or form token, as RFC 8058's
 * one-click requires. An unsubscribed lead is never mailed again: its status stops new campaigns, and its mails
 * still waiting in running campaigns are skipped here.
 */
export function createUnsubscribeService(deps: {
  db: Database;
  linkTokens: LinkTokens;
  webhookEvents: WebhookEmitter;
}) {
  const { db, linkTokens, webhookEvents } = deps;

  async function find(token: string) {
    const recipientId = linkTokens.verify('unsubscribe', token);
    if (recipientId === null) return null;
    const [found] = await db
      .select({ lead: leads, user: users })
      .from(campaignRecipients)
      .innerJoin(leads, eq(leads.id, campaignRecipients.leadId))
      .innerJoin(users, eq(users.id, campaignRecipients.userId))
      .where(eq(campaignRecipients.id, recipientId));
    return found ?? null;
  }

  const describe = (found: NonNullable<Awaited<ReturnType<typeof find>>>): UnsubscribeTarget => ({
    leadEmail: found.lead.email,
    senderName: senderName(found.user) ?? 'the sender',
    unsubscribed: found.lead.status !== 'active',
  });

  return {
    /** What the link's page shows, or null when the link is not a valid one. Changes nothing. */
    async target(token: string): Promise<UnsubscribeTarget | null> {
      const found = await find(token);
      return found && describe(found);
    },

    /** Unsubscribes the lead the link was sent to; null when the link is not a valid one. */
    async unsubscribe(token: string): Promise<UnsubscribeTarget | null> {
      const found = await find(token);
      if (!found) return null;
      await db.transaction(async (tx) => {
        // A bounced lead stays bounced: it is not mailed either way. One who already unsubscribed is no news.
        const [unsubscribed] = await tx
          .update(leads)
          .set(automaticStatusChange('unsubscribed', 'Unsubscribed with the link in an email'))
          .where(and(eq(leads.id, found.lead.id), eq(leads.status, 'active')))
          .returning();
        if (unsubscribed?.statusChangedAt) {
          await webhookEvents.emit(tx, {
            userId: unsubscribed.userId,
            type: 'lead.unsubscribed',
            data: { lead: webhookLead(unsubscribed), unsubscribedAt: unsubscribed.statusChangedAt.toISOString() },
            leadId: unsubscribed.id,
          });
        }
        await tx
          .update(campaignRecipients)
          .set({ state: 'skipped', lastError: 'The lead unsubscribed.' })
          .where(and(eq(campaignRecipients.leadId, found.lead.id), inArray(campaignRecipients.state, ['pending'])));
      });
      return { ...describe(found), unsubscribed: true };
    },
  };
}
