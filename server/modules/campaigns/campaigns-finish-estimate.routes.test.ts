import { describe, expect, it } from 'vitest';
import { createCampaignsTestApp } from './campaigns-test-helpers';

const { sender, start, campaign, run } = await createCampaignsTestApp();

describe('the campaign read says when the campaign should finish', () => {
  it('from the mailbox’s pace while all go today, and with the daily limit when some wait for tomorrow', async () => {
    const today = await sender('finish-today', { count: 3, sendsPerMinute: 6 });
    const todayId = await start(today.token, today);
    // At 10:00, 3 mails 12.5 s apart on average (6 a minute, with the pace's random gaps).
    expect(await campaign(today.token, todayId)).toMatchObject({
      status: 'running',
      estimatedFinishAt: '2026-11-23T10:00:25.000Z',
      emailsAfterToday: 0,
      laterSendingStartsAt: null,
    });

    const limited = await sender('finish-tomorrow', { count: 5, sendsPerMinute: 6, dailyLimit: 2 });
    const limitedId = await start(limited.token, limited);
    // 2 today, 2 tomorrow from midnight, the last one the day after.
    expect(await campaign(limited.token, limitedId)).toMatchObject({
      estimatedFinishAt: '2026-11-25T00:00:00.000Z',
      emailsAfterToday: 3,
      laterSendingStartsAt: '2026-11-24T00:00:00.000Z',
    });
  });

  it('has no estimate once nothing is left to send', async () => {
    const owner = await sender('finish-done', { count: 2 });
    const id = await start(owner.token, owner);
    await run(id);
    expect(await campaign(owner.token, id)).toMatchObject({
      status: 'completed',
      estimatedFinishAt: null,
      emailsAfterToday: 0,
    });
  });
});
