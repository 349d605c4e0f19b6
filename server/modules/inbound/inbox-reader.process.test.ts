import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inboundMessages } from '../../db/schema';
import { type CampaignOwner, startCampaignOver } from '../../test/campaign-owner';
import { dovecotUnavailable, imapSettings } from '../../test/dovecot';
import { signalAndWait } from '../../test/process-exit';
import { prospectMail } from '../../test/replies-fixture';
import { createSendingHarnessWithMailbox, type SendingHarnessWithMailbox } from '../../test/sending-harness';
import { healthy, waitFor } from '../../test/server-process';

// Reading mailboxes in the worker role: a real LocalReach process reads the mailbox as pg-boss jobs (IDLE), is
// SIGKILLed, and its successor resumes from the cursor stored in the database.

const skipReason = dovecotUnavailable();
/** Short sessions, so a test sees several; IDLE still brings mail within a second or two. */
const READER_ENV = { INBOX_POLL_SECONDS: '3' };

describe.skipIf(skipReason !== null)('reading mailboxes in worker processes', () => {
  let t: SendingHarnessWithMailbox;
  beforeEach(async () => {
    t = await createSendingHarnessWithMailbox();
  });
  afterEach(() => t?.dispose());

  const followups = async (owner: CampaignOwner): Promise<number> => {
    const response = await fetch(`http://127.0.0.1:${t.port}/api/followups/count`, {
      headers: { cookie: `lr_session=${owner.token}` },
    });
    return response.ok ? ((await response.json()) as { count: number }).count : -1;
  };
  const replyTo = (n: number, messageId: string) =>
    t.writer.append(
      'INBOX',
      prospectMail({
        from: `lead-${n}@leads.test`,
        subject: 'Re: Hello',
        text: `Interested, lead ${n} here. Can you call me?`,
        messageId: `<process-reply-${n}@leads.test>`,
        inReplyTo: messageId,
      }),
    );

  it('takes each reply in once: as it arrives, after a kill, and when it came while no worker ran', {
    timeout: 180_000,
  }, async () => {
    const owner = await t.createOwner(3, imapSettings(t.imap));
    let worker = t.start('reader-1', 'all', READER_ENV);
    // Its first start makes the embedded server's cluster (initdb) and migrates it.
    await waitFor(healthy(t.port), 'the worker to listen', 90_000);
    const campaignId = await startCampaignOver(t.port, owner);
    await t.waitFor(worker, t.completed(owner, campaignId), 'the campaign to complete');

    await replyTo(0, t.sentMessageId(0));
    await t.waitFor(worker, async () => (await followups(owner)) === 1, 'the first reply to be taken in', 30_000);

    await signalAndWait(worker.child, 'SIGKILL');
    await t.database.released('reader-1');
    // Arrives while no worker runs.
    await replyTo(1, t.sentMessageId(1));
    // The dead worker's session stops beating; its successor fails that job and reads on.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    worker = t.start('reader-2', 'all', READER_ENV);
    await t.waitFor(worker, async () => (await followups(owner)) === 2, 'the reply sent while down', 60_000);
    await replyTo(2, t.sentMessageId(2));
    await t.waitFor(worker, async () => (await followups(owner)) === 3, 'a reply after the restart', 30_000);
    await signalAndWait(worker.child, 'SIGTERM');
    await t.database.released('reader-2');

    const stored = await t.database.use((handle) =>
      handle.db.select({ messageId: inboundMessages.messageId }).from(inboundMessages),
    );
    expect(stored.map((row) => row.messageId).sort()).toEqual([
      '<process-reply-0@leads.test>',
      '<process-reply-1@leads.test>',
      '<process-reply-2@leads.test>',
    ]);
  });
});
