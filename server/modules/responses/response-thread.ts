import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { ThreadMessage } from '../../../contract/responses';
import type { Database } from '../../db/client';
import {
  campaignRecipients,
  campaigns,
  emailAccounts,
  inboundMessages,
  templates,
  type UserRow,
} from '../../db/schema';
import { displayText, outboundText, type ResponseRow } from './response-rows';

/**
 * The conversation with the reply's lead through the mailbox it came to, oldest first: each of the lead's replies
 * there (their own words, quoted history stripped), the mails of ours they answer, and every answer we sent them.
 */
export async function readThread(
  db: Database,
  user: UserRow,
  { response, lead }: ResponseRow,
): Promise<ThreadMessage[]> {
  const [account] = response.accountId
    ? await db
        .select({ email: emailAccounts.email })
        .from(emailAccounts)
        .where(eq(emailAccounts.id, response.accountId))
    : [];
  const replies = await db
    .select()
    .from(inboundMessages)
    .where(
      and(
        eq(inboundMessages.userId, user.id),
        eq(inboundMessages.kind, 'reply'),
        response.leadId === null
          ? eq(inboundMessages.id, response.id)
          : and(
              eq(inboundMessages.leadId, response.leadId),
              sql`${inboundMessages.accountId} IS NOT DISTINCT FROM ${response.accountId}`,
            ),
      ),
    );
  // Our mails: those the replies answer, and every answer we sent the lead.
  const answered = replies.flatMap((reply) => (reply.recipientId === null ? [] : [reply.recipientId]));
  const ours: SQL[] = answered.length > 0 ? [inArray(campaignRecipients.id, answered)] : [];
  if (response.leadId !== null) {
    ours.push(and(eq(campaignRecipients.kind, 'reply'), eq(campaignRecipients.leadId, response.leadId)) as SQL);
  }
  const sent =
    ours.length === 0
      ? []
      : await db
          .select({
            mail: campaignRecipients,
            template: { subject: templates.subject, body: templates.body },
            from: emailAccounts.email,
          })
          .from(campaignRecipients)
          .leftJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
          .leftJoin(templates, eq(templates.id, campaigns.templateId))
          .leftJoin(emailAccounts, eq(emailAccounts.id, campaignRecipients.accountId))
          .where(
            and(
              eq(campaignRecipients.userId, user.id),
              eq(campaignRecipients.state, 'sent'),
              isNotNull(campaignRecipients.sentAt),
              or(...ours),
            ),
          );
  const leadAddress = lead?.email ?? response.fromAddress;
  const messages: (ThreadMessage & { order: number })[] = [
    ...sent.map(({ mail, template, from }) => ({
      id: `outbound-${mail.id}`,
      direction: 'outbound' as const,
      from: from ?? '',
      to: mail.toAddress ?? leadAddress,
      ...outboundText({ mail, template }, lead),
      // Sent rows always have sentAt (the query asks for it).
      at: (mail.sentAt as Date).toISOString(),
      order: mail.id,
    })),
    ...replies.map((reply) => ({
      id: `inbound-${reply.id}`,
      direction: 'inbound' as const,
      from: reply.fromAddress,
      to: account?.email ?? '',
      subject: reply.subject,
      body: displayText(reply),
      at: reply.receivedAt.toISOString(),
      order: reply.id,
    })),
  ];
  return messages
    .sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order)
    .map(({ order: _order, ...message }) => message);
}
