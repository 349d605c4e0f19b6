import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { campaignRecipients, leads, type UserRow } from '../../../db/schema';
import type { SqlRunner } from '../../../jobs/transaction-sql';
import { webhookEmail } from '../../webhooks/webhook-data';
import type { WebhookEmitter } from '../../webhooks/webhook-emitter';
import { type Delivered, sentParameters } from './reservation';

/**
 * Commits a delivered mail `sent` (only while its row is still `sending`) and queues its `email.sent` event in the
 * same transaction. Answers whether this settled it.
 */
export function createSentSettlement(deps: { db: Database; webhookEvents: WebhookEmitter }) {
  const { db, webhookEvents } = deps;

  async function emitSent(
    runner: SqlRunner & Pick<Database, 'select'>,
    mail: { id: number; userId: string; campaignId: number | null; step: number; leadId: number | null },
    delivered: Delivered,
  ) {
    if (mail.campaignId === null) return;
    const [lead] = mail.leadId
      ? await runner.select({ email: leads.email }).from(leads).where(eq(leads.id, mail.leadId))
      : [];
    await webhookEvents.emit(runner, {
      userId: mail.userId,
      type: 'email.sent',
      leadId: mail.leadId,
      at: delivered.sentAt,
      data: {
        email: webhookEmail({
          ...mail,
          campaignId: mail.campaignId,
          to: lead?.email ?? '',
          subject: delivered.subject,
        }),
        sentAt: delivered.sentAt.toISOString(),
      },
    });
  }

  return async function settleSent(delivered: Delivered, user: Pick<UserRow, 'timezone'>): Promise<boolean> {
    const values = sentParameters(delivered, user);
    return db.transaction(async (tx) => {
      const [settled] = await tx
        .update(campaignRecipients)
        .set({
          state: 'sent',
          messageId: values.messageId,
          subject: values.subject,
          sentAt: delivered.sentAt,
          sentWeek: values.sentWeek,
          weekNumber: values.weekNumber,
          linkHosts: values.linkHosts,
          lastError: null,
        })
        .where(and(eq(campaignRecipients.id, delivered.row.id), eq(campaignRecipients.state, 'sending')))
        .returning({
          id: campaignRecipients.id,
          userId: campaignRecipients.userId,
          campaignId: campaignRecipients.campaignId,
          step: campaignRecipients.step,
          leadId: campaignRecipients.leadId,
        });
      if (!settled) return false;
      await emitSent(tx, settled, delivered);
      return true;
    });
  };
}

export type SentSettlement = ReturnType<typeof createSentSettlement>;
