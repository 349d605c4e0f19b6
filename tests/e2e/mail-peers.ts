import { test } from '@playwright/test';
import { type DovecotServer, dovecotUnavailable, startDovecot } from '../../server/test/dovecot';
import { type SmtpPeer, startSmtpPeer } from '../../server/test/smtp-peer';

/**
 * A real SMTP peer and Dovecot IMAP on loopback for the specs of the describe block it is called in: started before
 * its tests, stopped after them. Without Dovecot the block is skipped with the reason (a failure under REQUIRE_ALL).
 */
export function mailPeers(): { readonly smtp: SmtpPeer; readonly imap: DovecotServer } {
  const unavailable = dovecotUnavailable();
  test.skip(unavailable !== null && process.env.REQUIRE_ALL !== '1', `Dovecot IMAP: ${unavailable}`);
  const peers = {} as { smtp: SmtpPeer; imap: DovecotServer };
  test.beforeAll(async () => {
    [peers.smtp, peers.imap] = await Promise.all([startSmtpPeer(), startDovecot()]);
  });
  test.afterAll(async () => {
    await Promise.all([peers.smtp?.stop(), peers.imap?.stop()]);
  });
  return peers;
}
