import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_ACCOUNT_EXISTS_MESSAGE, type InvitationSent } from '../../../contract/admin';
import {
  INVITATION_FOR_ANOTHER_ADDRESS,
  INVITATION_INVALID,
  INVITATION_TTL_DAYS,
  SIGN_UP_BY_INVITATION,
} from '../../../contract/sign-up';
import { createTestApp, postJson, registerUser, sessionCookie, validRegistration } from '../../test/app';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let now = new Date('2026-12-01T09:00:00Z');
const clock = { now: () => now };

/** The token and email of an invitation link (`/signup?invitation=…&email=…`). */
function readLink(link: string) {
  const url = new URL(link);
  expect(url.pathname).toBe('/signup');
  return { token: url.searchParams.get('invitation') ?? '', email: url.searchParams.get('email') ?? '' };
}

describe('sign-up by invitation (SIGNUP=invite) on a server without a system mailbox', () => {
  let t: TestApp;
  let admin: string;
  let member: string;

  beforeAll(async () => {
    t = await createTestApp({ signup: 'invite' }, { clock });
    // Without ADMIN_EMAIL, the first account is the administrator, invitation or not.
    admin = await registerUser(t.app, 'admin@invite.test');
  });
  afterAll(() => t?.close());

  const list = (token = admin) =>
    t.app.inject({ method: 'GET', url: '/api/admin/invitations', headers: { cookie: `lr_session=${token}` } });
  const invite = async (email: string): Promise<InvitationSent> => {
    const response = await postJson(t.app, '/api/admin/invitations', { email }, admin);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const register = (email: string, invitation?: string) =>
    postJson(t.app, '/api/auth/register', { ...validRegistration(email), invitation });

  it('refuses everyone without an invitation, and says so before the form', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/register' })).json()).toEqual({
      mode: 'invite',
      adminPending: false,
    });
    const response = await register('walk-in@invite.test');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: SIGN_UP_BY_INVITATION });
    expect(sessionCookie(response)).toBeUndefined();
  });

  it('lets an invited address register once through its link, with the link handed to the admin', async () => {
    const sent = await invite('Guest@Invite.test');
    expect(sent.mailed).toBe(false);
    expect(sent.message).toBe(
      `This server cannot send email. Copy the link and pass it on to guest@invite.test: it works once, for ${INVITATION_TTL_DAYS} days.`,
    );
    expect(sent.invitation).toMatchObject({ email: 'guest@invite.test', invitedBy: 'admin@invite.test' });
    expect(Date.parse(sent.invitation.expiresAt) - now.getTime()).toBe(INVITATION_TTL_DAYS * 86_400_000);
    const { token, email } = readLink(sent.link);
    expect(sent.link.startsWith('http://localhost:5000/signup?')).toBe(true);
    expect(email).toBe('guest@invite.test');

    const listed = (await list()).json();
    expect(listed).toMatchObject({ signUp: 'invite', mailAvailable: false });
    expect(listed.invitations.map((invitation: { email: string }) => invitation.email)).toEqual(['guest@invite.test']);

    // Another address cannot ride on the link, and the address without it is not let in either.
    expect((await register('intruder@invite.test', token)).json()).toEqual({
      message: INVITATION_FOR_ANOTHER_ADDRESS,
    });
    expect((await register('guest@invite.test')).json()).toEqual({ message: SIGN_UP_BY_INVITATION });

    const registered = await register('guest@invite.test', token);
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ email: 'guest@invite.test', isAdmin: false });
    member = sessionCookie(registered) ?? '';
    expect((await list()).json().invitations).toEqual([]);

    // Used up: the link lets nobody else in.
    const again = await register('guest2@invite.test', token);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: INVITATION_INVALID });
  });

  it('refuses an invitation to an address that has an account', async () => {
    const response = await postJson(t.app, '/api/admin/invitations', { email: 'guest@invite.test' }, admin);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: INVITE_ACCOUNT_EXISTS_MESSAGE });
  });

  it('revokes an invitation: its link stops working and it leaves the list', async () => {
    const sent = await invite('maybe@invite.test');
    const revoke = (id: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/admin/invitations/${id}`,
        headers: { cookie: `lr_session=${admin}` },
      });
    const revoked = await revoke(sent.invitation.id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ message: 'The invitation to maybe@invite.test was revoked.' });
    expect((await list()).json().invitations).toEqual([]);
    expect((await register('maybe@invite.test', readLink(sent.link).token)).json()).toEqual({
      message: INVITATION_INVALID,
    });
    expect((await revoke(sent.invitation.id)).statusCode).toBe(404);
    expect((await revoke('not-an-id')).statusCode).toBe(404);
  });

  it('replaces an open invitation to the same address: only the newest link works', async () => {
    const older = readLink((await invite('twice@invite.test')).link).token;
    const newer = readLink((await invite('twice@invite.test')).link).token;
    expect((await list()).json().invitations).toHaveLength(1);
    expect((await register('twice@invite.test', older)).json()).toEqual({ message: INVITATION_INVALID });
    expect((await register('twice@invite.test', newer)).statusCode).toBe(201);
  });

  it('is for administrators only: 401 signed out, 403 for a user', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/admin/invitations' });
    expect(signedOut.statusCode).toBe(401);
    expect((await list(member)).statusCode).toBe(403);
    const byMember = await postJson(t.app, '/api/admin/invitations', { email: 'pal@invite.test' }, member);
    expect(byMember.statusCode).toBe(403);
    expect((await list()).json().invitations).toEqual([]);
  });

  it('refuses a link after 7 days', async () => {
    const { token } = readLink((await invite('slow@invite.test')).link);
    expect((await list()).json().invitations).toHaveLength(1);
    now = new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000 + 1000);
    // A week idle ended the admin's session too.
    const signIn = await postJson(t.app, '/api/auth/login', { email: 'admin@invite.test', password: 'correct-horse' });
    expect((await list(sessionCookie(signIn))).json().invitations).toEqual([]);
    const response = await register('slow@invite.test', token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: INVITATION_INVALID });
  });
});

describe('invitations through the system mailbox (a real SMTP peer)', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  let admin: string;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    const smtpUrl = `smtp://${encodeURIComponent(smtp.user)}:${smtp.password}@${smtp.host}:${smtp.port}`;
    t = await createTestApp({ signup: 'invite', systemMail: { smtpUrl, from: 'LocalReach <no-reply@reach.test>' } });
    admin = await registerUser(t.app, 'admin@mailed.test');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('mails the link, which lets the invited address register', async () => {
    const response = await postJson(t.app, '/api/admin/invitations', { email: 'friend@mailed.test' }, admin);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      mailed: true,
      message: 'An invitation is on its way to friend@mailed.test.',
    });
    const [mail] = smtp.received.filter((received) => received.envelopeTo.includes('friend@mailed.test'));
    expect(mail.mail.subject).toBe('You are invited to LocalReach');
    const link = /http:\/\/localhost:5000\/signup\?\S+/.exec(mail.mail.text ?? '')?.[0] ?? '';
    expect(link).toBe(response.json().link);
    const registered = await postJson(t.app, '/api/auth/register', {
      ...validRegistration('friend@mailed.test'),
      invitation: readLink(link).token,
    });
    expect(registered.statusCode).toBe(201);
  });
});
