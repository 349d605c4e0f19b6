import type { ImapFlow } from 'imapflow';
import { expect } from 'vitest';
import type { ServerSettings } from '../../contract/accounts';
import { sendingRowIds } from './campaign-delivery-audit';
import { type CampaignOwner, campaignStatusOver, createCampaignOwner, testSecretsEnv } from './campaign-owner';
import { startDovecot } from './dovecot';
import { freePort } from './net';
import { createProcessDatabase, type ProcessDatabase } from './process-database';
import { signalAndWait } from './process-exit';
import { type RecordingSmtpPeer, startRecordingSmtpPeer } from './recording-smtp-peer';
import { startServer, waitFor } from './server-process';

/** Far beyond the API's 1,000 a minute (so written to the database): the pace is not what these tests are about,
 * and 500 mails at 1,000 a minute would take 40 s by themselves. */
export const TEST_SENDS_PER_MINUTE = 60_000;
/**
 * A row left `sending` this long is settled `unknown` by the next run (CAMPAIGN_STALE_SENDING_SECONDS). Short, yet
 * longer than a restart takes: a worker restarted at once after a kill must take the campaign over although its
 * dead sender does not look stale yet.
 */
export const TEST_STALE_SENDING_SECONDS = 5;

export type SenderProcess = ReturnType<typeof startServer> & { name: string };

/**
 * Real LocalReach processes sending campaigns for a test: a database they share with it (the embedded server in a
 * DATA_DIR of theirs, as `npm start` runs it; see process-database.ts), an SMTP peer on loopback that records what it
 * gets, and one HTTP port (only one process at a time serves it: ROLE=all, or the one ROLE=web).
 */
export async function createSendingHarness() {
  const [database, peer, port]: [ProcessDatabase, RecordingSmtpPeer, number] = await Promise.all([
    createProcessDatabase(),
    startRecordingSmtpPeer(),
    freePort(),
  ]);
  const started: SenderProcess[] = [];

  return {
    database,
    peer,
    port,

    /** A user with `leads` leads and a mailbox on the peer, ready to send (server/test/campaign-owner.ts). */
    createOwner: (leads: number, imap?: ServerSettings) =>
      database.use((handle) =>
        createCampaignOwner(handle, peer, { leads, sendsPerMinute: TEST_SENDS_PER_MINUTE, imap }),
      ),

    /** Starts `server/main.ts` with ROLE `role`; `name` tells its log and its database sessions apart. */
    start(name: string, role: 'all' | 'web' | 'worker' = 'all', env: Record<string, string> = {}): SenderProcess {
      const server = {
        name,
        ...startServer({
          ...database.env(name),
          ...testSecretsEnv,
          ROLE: role,
          PORT: String(port),
          HOST: '127.0.0.1',
          CAMPAIGN_STALE_SENDING_SECONDS: String(TEST_STALE_SENDING_SECONDS),
          // The mail peers listen on 127.0.0.1.
          MAIL_ALLOW_PRIVATE_HOSTS: '1',
          ...env,
        }),
      };
      started.push(server);
      return server;
    },

    /** SIGKILLs a sender process and answers the campaign's rows left `sending` then: all its death may strand. */
    async kill(server: SenderProcess, campaignId: number): Promise<number[]> {
      expect(server.child.exitCode, `${server.name} ended before it was killed:\n${server.output()}`).toBeNull();
      await signalAndWait(server.child, 'SIGKILL');
      await database.released(server.name);
      return database.use((handle) => sendingRowIds(handle.db, campaignId));
    },

    /** `waitFor`, with the peer's count and the process's log in the error when it times out. */
    async waitFor(
      server: SenderProcess,
      check: () => boolean | Promise<boolean>,
      what: string,
      timeoutMs = 30_000,
    ): Promise<void> {
      await waitFor(check, what, timeoutMs).catch((error: Error) => {
        const state = `the peer has ${peer.messages.length} mails`;
        throw new Error(`${error.message} (${state}); ${server.name} logged:\n${server.output()}`);
      });
    },

    /** The Message-ID of the mail the peer got for lead `n` (lead-n@leads.test). */
    sentMessageId(n: number): string {
      const found = peer.messages.find((message) => message.to.includes(`lead-${n}@leads.test`));
      if (!found) throw new Error(`nothing was sent to lead ${n}`);
      return found.messageId;
    },

    /** A check for `waitFor`: the campaign is completed, as GET /api/campaigns/{id} answers. */
    completed: (owner: CampaignOwner, campaignId: number) => async () =>
      (await campaignStatusOver(port, owner, campaignId)) === 'completed',

    /** Kills what still runs, stops the peer and drops the database. */
    async dispose() {
      await Promise.all(started.map((server) => signalAndWait(server.child, 'SIGKILL')));
      peer.release();
      await peer.stop();
      await database.dispose();
    },
  };
}

export type SendingHarness = Awaited<ReturnType<typeof createSendingHarness>>;

/**
 * The sending harness with a mailbox for the owners' accounts to read: a fresh Dovecot (`imap`, connected to as
 * imapSettings says) and `writer`, signed in to it as the prospects' side that appends mail; `dispose` ends them too.
 */
export async function createSendingHarnessWithMailbox() {
  const [harness, imap] = await Promise.all([createSendingHarness(), startDovecot()]);
  let writer: ImapFlow;
  try {
    writer = await imap.connectClient();
  } catch (error) {
    await harness.dispose();
    await imap.stop();
    throw error;
  }
  const dispose = async () => {
    await writer.logout().catch(() => {});
    await harness.dispose();
    await imap.stop();
  };
  return { ...harness, imap, writer, dispose };
}

export type SendingHarnessWithMailbox = Awaited<ReturnType<typeof createSendingHarnessWithMailbox>>;
