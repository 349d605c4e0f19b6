import { afterEach, describe, expect, it } from 'vitest';
import type { ServerSettings } from '../../../contract/accounts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';
import { createBounceAddresses } from './bounce-address';
import { SmtpTransport } from './smtp-transport';
import type { OutgoingMail } from './transport';

// A campaign mail leaves with its signed return path where the mailbox takes plus-addressed mail (decision 0058):
// a real SMTP server on loopback sees the envelope. The host name decides; the connection goes to the loopback
// address the host guard would have resolved, as the app's transports are built.

const bounceAddresses = createBounceAddresses('test-session-secret-that-is-long-enough-0123456789');
const returnPath = bounceAddresses.returnPath('sender@smtp.test', 42) ?? '';
const mail = (n: number): OutgoingMail => ({
  from: { name: 'Ana Sales', address: 'sender@smtp.test' },
  to: `lead-${n}@example.test`,
  subject: 'Hello',
  text: 'Hello',
  html: '<p>Hello</p>',
  messageId: `<campaign-1.${n}@smtp.test>`,
  returnPath,
});

let peer: SmtpPeer;
let transport: SmtpTransport | undefined;
afterEach(async () => {
  transport?.close();
  await peer?.stop();
});

async function sendingAs(host: string) {
  peer = await startSmtpPeer();
  const settings: ServerSettings = {
    host,
    port: peer.port,
    secure: false,
    starttls: false,
    user: peer.user,
    password: peer.password,
  };
  transport = new SmtpTransport(settings, '127.0.0.1');
  return transport;
}

describe('the return path of a campaign mail', () => {
  it('is the signed plus address through Microsoft 365 and Gmail, and names its row', async () => {
    expect(returnPath).toMatch(/^sender\+b16-[a-z2-7]{12}@smtp\.test$/);
    const smtp = await sendingAs('smtp.office365.com');
    await smtp.send(mail(1));
    expect(peer.received[0].envelopeFrom).toBe(returnPath);
    expect(peer.received[0].mail.from?.value[0].address).toBe('sender@smtp.test');
    expect(bounceAddresses.rowIdOf(peer.received[0].envelopeFrom, 'sender@smtp.test')).toBe(42);
  });

  it('is the plain address on other servers, whose mailboxes may not take plus-addressed mail', async () => {
    const smtp = await sendingAs('mail.example-hosting.test');
    await smtp.send(mail(1));
    expect(peer.received[0].envelopeFrom).toBe('sender@smtp.test');
  });

  it('goes back to the plain address, for good, when the server refuses the plus address as the sender', async () => {
    const smtp = await sendingAs('smtp.gmail.com');
    peer.failNextWith(553, '5.7.1 Sender address rejected: not owned by user', 1);
    await smtp.send(mail(1));
    await smtp.send(mail(2));
    expect(peer.received.map((received) => received.envelopeFrom)).toEqual(['sender@smtp.test', 'sender@smtp.test']);
  });

  it('goes back to the plain address when the server refuses to send as it after the message (Microsoft 365)', async () => {
    const smtp = await sendingAs('smtp.office365.com');
    peer.failData('lead-1@example.test', 554, '5.2.0 STOREDRV.Submission.Exception:SendAsDeniedException', 1);
    await smtp.send(mail(1));
    expect(peer.received.map((received) => received.envelopeFrom)).toEqual(['sender@smtp.test']);
  });

  it('keeps the plus address after a refusal of the message that is not about the sender', async () => {
    const smtp = await sendingAs('smtp.office365.com');
    peer.failData('lead-1@example.test', 550, '5.7.1 Message rejected as spam', 1);
    await expect(smtp.send(mail(1))).rejects.toMatchObject({ kind: 'blocked' });
    await smtp.send(mail(2));
    expect(peer.received.map((received) => received.envelopeFrom)).toEqual([returnPath]);
  });

  it('is not given up for a temporary refusal: that send fails as temporary', async () => {
    const smtp = await sendingAs('smtp.gmail.com');
    peer.failNextWith(451, '4.3.0 Try again later', 1);
    await expect(smtp.send(mail(1))).rejects.toMatchObject({ kind: 'temporary' });
    await smtp.send(mail(2));
    expect(peer.received[0].envelopeFrom).toBe(returnPath);
  });
});

describe('signed return paths', () => {
  it('name their row only for their own mailbox and signature', () => {
    const other = createBounceAddresses('another-secret-that-is-long-enough-for-a-key-000');
    expect(bounceAddresses.rowIdOf(returnPath.toUpperCase(), 'Sender@SMTP.test')).toBe(42);
    expect(bounceAddresses.rowIdOf(returnPath, 'other@smtp.test')).toBeNull();
    expect(bounceAddresses.rowIdOf(other.returnPath('sender@smtp.test', 42) ?? '', 'sender@smtp.test')).toBeNull();
    const changedRow = returnPath.replace('+b16-', '+b17-');
    expect(bounceAddresses.rowIdOf(changedRow, 'sender@smtp.test')).toBeNull();
    expect(bounceAddresses.rowIdOf('sender@smtp.test', 'sender@smtp.test')).toBeNull();
    // A local part that would pass 64 characters gets no return path: the plain address is used.
    expect(bounceAddresses.returnPath(`${'x'.repeat(50)}@smtp.test`, 42)).toBeNull();
  });
});
