import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';
import { startChatCompletionsPeer } from '../../test/chat-completions-peer';
import { seedReplyToSentMail } from '../../test/seed-sent-emails';

// The saved strategy's tone and notes reach every AI draft and every suggested answer, with a provider (in its
// prompt) and offline (in the writing); without a strategy both stay professional.

const peer = await startChatCompletionsPeer();
const withProvider = await createTestApp({ aiBaseUrl: peer.url, aiApiKey: 'sk-test', aiModel: 'local-model' });
const offline = await createTestApp();
afterAll(async () => {
  await withProvider.close();
  await offline.close();
  await peer.close();
});

const NOTES = 'Always mention our free parking on Main Street.';

/** A user with a reply from a prospect to suggest an answer to; answers a caller signed in as them. */
async function userWithReply(t: typeof offline, email: string) {
  const token = await registerUser(t.app, email);
  const userId = (await getCurrentUser(t.app, token)).json().id as string;
  const reply = await seedReplyToSentMail(t.database.db, userId, {
    lead: { email: `sam@${email}`, firstName: 'Sam' },
    sent: { subject: 'Open house', sentAt: new Date() },
    reply: {
      messageId: `<reply@${email}>`,
      bodyText: 'Not right now, maybe in spring.',
      replyText: 'Not right now, maybe in spring.',
      receivedAt: new Date(),
      priority: 'medium',
    },
  });
  const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });
  return {
    call,
    draft: () => call('POST', '/api/ai/generate-from-prompt', { prompt: 'Invite them to our open house' }),
    suggest: () => call('POST', `/api/responses/${reply.id}/suggest-reply`, {}),
    async saveStrategy(tone: string) {
      expect((await call('POST', '/api/marketing-strategy')).statusCode).toBe(200);
      const saved = await call('PUT', '/api/marketing-strategy', {
        status: 'adjusted',
        customAdjustments: NOTES,
        recommendedEmailsPerWeek: 3,
        recommendedTone: tone,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    },
  };
}

const systemPrompt = () => peer.requests.at(-1)?.messages[0].content ?? '';

describe('with a provider', () => {
  it('puts the strategy’s tone and notes in the prompt of drafts and suggested answers', async () => {
    const user = await userWithReply(withProvider, 'style@provider.test');
    peer.behaviour = { content: JSON.stringify({ subject: 'Open house', body: 'Hello' }) };
    await user.draft();
    expect(systemPrompt()).toContain('Tone: professional.');
    expect(systemPrompt()).not.toContain(NOTES);

    peer.behaviour = {
      content: JSON.stringify({
        recommendedEmailsPerWeek: 3,
        recommendedTargetAudience: 'Buyers',
        recommendedTone: 'friendly',
        recommendedFollowupStrategy: 'Weekly',
      }),
    };
    await user.saveStrategy('casual');

    peer.behaviour = { content: JSON.stringify({ subject: 'Open house', body: 'Hello' }) };
    expect((await user.draft()).statusCode).toBe(200);
    expect(systemPrompt()).toContain('Tone: casual.');
    expect(systemPrompt()).toContain(`The sender's own instructions for their emails (follow them): ${NOTES}`);

    peer.behaviour = { content: JSON.stringify({ body: 'Thanks Sam, talk in spring.' }) };
    expect((await user.suggest()).statusCode).toBe(200);
    expect(systemPrompt()).toContain('Tone: casual.');
    expect(systemPrompt()).toContain(NOTES);
  });
});

describe('offline', () => {
  it('writes drafts and suggested answers in the strategy’s tone', async () => {
    const user = await userWithReply(offline, 'style@offline.test');
    // A lead without a first name would read "Dear there": a draft says "Hello there" instead.
    expect((await user.draft()).json().body).toMatch(/^<p>Hello \{firstName\|there\},[\s\S]*Best regards,/);
    expect((await user.suggest()).json().body).toMatch(/^Dear Sam,[\s\S]*Best regards,/);

    await user.saveStrategy('casual');
    const casual = (await user.draft()).json().body;
    expect(casual).toMatch(/^<p>Hey \{firstName\|there\},/);
    expect(casual).toContain('Cheers,');
    // The notes are instructions to a writer: the offline writer never pastes them into a mail.
    expect(casual).not.toContain('free parking');
    expect((await user.suggest()).json().body).toMatch(/^Hey Sam,[\s\S]*Cheers,/);
  });
});
