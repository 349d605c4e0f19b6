import { describe, expect, it } from 'vitest';
import { createCampaignsTestApp, MONDAY_MORNING } from './campaigns-test-helpers';

let now = MONDAY_MORNING;
const { t, call, sender, start, campaign, run, recipientsOf } = await createCampaignsTestApp({
  read: () => now,
  set: (to) => {
    now = to;
  },
});

describe('POST /api/campaigns/{id}/leads', () => {
  it('gives added leads the first step on the rules of a start, and runs a completed campaign again for them', async () => {
    const owner = await sender('adder', { count: 5 });
    const stranger = await sender('adder-stranger', { count: 1 });
    const [first, second, third, fourth, fifth] = owner.leadIds;
    const id = await start(owner.token, { accountId: owner.accountId, templateId: owner.templateId, leadIds: [first] });
    await run(id);
    expect(await campaign(owner.token, id)).toMatchObject({ status: 'completed', emailsSent: 1 });
    // A lead already in another campaign this week is skipped, as at a start.
    const other = await start(owner.token, {
      accountId: owner.accountId,
      templateId: owner.templateId,
      leadIds: [fifth],
    });
    await run(other);

    // As a program would: with an API key that may change campaigns.
    const made = await call('POST', '/api/api-keys', owner.token, { name: 'CRM', scopes: ['campaigns:write'] });
    const key = made.json().key as string;
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${id}/leads`,
      payload: { leadIds: [second, third, fourth, first, fifth, stranger.leadIds[0]] },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ added: 3, skipped: 3 });
    expect(await campaign(owner.token, id)).toMatchObject({ status: 'running', totalEmails: 4, emailsSkipped: 3 });

    await run(id);
    expect(await campaign(owner.token, id)).toMatchObject({ status: 'completed', emailsSent: 4 });
    for (const lead of ['adder-1', 'adder-2', 'adder-3']) expect(recipientsOf(`${lead}@leads.test`)).toHaveLength(1);
    expect(recipientsOf('adder-0@leads.test')).toHaveLength(1);
    expect(recipientsOf('adder-stranger-0@leads.test')).toHaveLength(0);
  });

  it('leaves a paused campaign paused, refuses another user’s campaign and an empty list', async () => {
    const owner = await sender('adder-paused', { count: 3 });
    const intruder = await sender('adder-intruder');
    const id = await start(owner.token, {
      accountId: owner.accountId,
      templateId: owner.templateId,
      leadIds: [owner.leadIds[0]],
    });
    await call('POST', `/api/campaigns/${id}/pause`, owner.token);
    const added = await call('POST', `/api/campaigns/${id}/leads`, owner.token, { leadIds: owner.leadIds.slice(1) });
    expect(added.json()).toEqual({ added: 2, skipped: 0 });
    expect(await campaign(owner.token, id)).toMatchObject({ status: 'paused', totalEmails: 3 });
    expect((await call('POST', `/api/campaigns/${id}/leads`, intruder.token, { leadIds: [1] })).statusCode).toBe(404);
    const empty = await call('POST', `/api/campaigns/${id}/leads`, owner.token, { leadIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please select at least one lead.');
  });
});
