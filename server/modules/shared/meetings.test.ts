import { afterAll, describe, expect, it } from 'vitest';
import { campaignRecipients, campaigns, inboundMessages, leads, trackingEvents } from '../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';

const t = await createTestApp();
const { db } = t.database;
afterAll(() => t.close());

const CALENDLY = 'https://calendly.com/dana/30min?month=2026-11';

/** A user with a session, and the way to call the API as them. */
async function owner(name: string) {
  const token = await registerUser(t.app, `${name}@meetings.test`);
  const userId = (await getCurrentUser(t.app, token)).json().id as string;
  const call = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });
  const meetingsBooked = async () => (await call('GET', '/api/dashboard/stats')).json().meetingsBooked as number;
  return { userId, call, meetingsBooked };
}

/** A lead of the user who was sent one campaign mail: the lead's and the mail's ids. */
async function mailedLead(userId: string, email: string) {
  const [lead] = await db.insert(leads).values({ userId, email }).returning();
  const [campaign] = await db.insert(campaigns).values({ userId, status: 'completed' }).returning();
  const [mail] = await db
    .insert(campaignRecipients)
    .values({ userId, leadId: lead.id, campaignId: campaign.id, state: 'sent', attempts: 1, sentAt: new Date() })
    .returning();
  return { leadId: lead.id, mailId: mail.id };
}

async function click(userId: string, mailId: number, url: string, machine = false) {
  await db
    .insert(trackingEvents)
    .values({ userId, recipientId: mailId, kind: 'click', url, machine, machineReason: machine ? 'scanner' : null });
}

let messageNumber = 0;
/** The lead's reply to the mail, as the inbox reader stores it: its response id. */
async function reply(userId: string, lead: { leadId: number; mailId: number }) {
  messageNumber += 1;
  const [row] = await db
    .insert(inboundMessages)
    .values({
      userId,
      leadId: lead.leadId,
      recipientId: lead.mailId,
      kind: 'reply',
      messageId: `<m${messageNumber}@prospects.test>`,
      fromAddress: 'prospect@prospects.test',
      receivedAt: new Date(),
    })
    .returning();
  return row.id;
}

describe('meetings booked in the dashboard stats', () => {
  it('counts each lead once, from responses marked booked and people’s clicks on booking links', async () => {
    const dana = await owner('dana');
    expect(await dana.meetingsBooked()).toBe(0);
    const [answered, clicker, scanned, elsewhere, second] = await Promise.all(
      ['answered', 'clicker', 'scanned', 'elsewhere', 'second'].map((name) =>
        mailedLead(dana.userId, `${name}@prospects.test`),
      ),
    );

    // A response marked "Meeting booked".
    const response = await reply(dana.userId, answered);
    await dana.call('PATCH', `/api/responses/${response}`, { meetingBooked: true });
    expect(await dana.meetingsBooked()).toBe(1);

    // Clicks on the booking pages count only once they are listed as booking links.
    await click(dana.userId, clicker.mailId, 'HTTPS://Calendly.COM/dana/30min/?utm_source=mail');
    await click(dana.userId, second.mailId, 'https://cal.example.com/dana#book');
    expect(await dana.meetingsBooked()).toBe(1);
    const saved = await dana.call('PUT', '/api/user/profile', {
      bookingUrls: [CALENDLY, 'https://Cal.Example.com/dana/'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await dana.meetingsBooked()).toBe(3);

    // A link scanner's click, another page of the same site and a longer path do not count.
    await click(dana.userId, scanned.mailId, CALENDLY, true);
    await click(dana.userId, elsewhere.mailId, 'https://calendly.com/dana/15min');
    await click(dana.userId, elsewhere.mailId, 'https://calendly.com/dana/30min/extra');
    await click(dana.userId, elsewhere.mailId, 'not a url');
    expect(await dana.meetingsBooked()).toBe(3);

    // The lead who booked by answer also clicks, and books again in a second answer: still one meeting.
    await click(dana.userId, answered.mailId, CALENDLY);
    await dana.call('PATCH', `/api/responses/${await reply(dana.userId, answered)}`, { meetingBooked: true });
    expect(await dana.meetingsBooked()).toBe(3);

    // Unbooked by hand, the lead still counts by its click; without booking links, only the answers count.
    await dana.call('PATCH', `/api/responses/${response}`, { meetingBooked: false });
    expect(await dana.meetingsBooked()).toBe(3);
    await dana.call('PUT', '/api/user/profile', { bookingUrls: [] });
    expect(await dana.meetingsBooked()).toBe(1);
  });

  it('counts only the signed-in user’s leads', async () => {
    const mine = await owner('mine');
    const theirs = await owner('theirs');
    await mine.call('PUT', '/api/user/profile', { bookingUrls: [CALENDLY] });
    await theirs.call('PUT', '/api/user/profile', { bookingUrls: [CALENDLY] });
    const myLead = await mailedLead(mine.userId, 'mine@prospects.test');
    const theirLeads = await Promise.all(['a', 'b'].map((name) => mailedLead(theirs.userId, `${name}@prospects.test`)));
    await click(mine.userId, myLead.mailId, CALENDLY);
    await click(theirs.userId, theirLeads[0].mailId, CALENDLY);
    await theirs.call('PATCH', `/api/responses/${await reply(theirs.userId, theirLeads[1])}`, {
      meetingBooked: true,
    });
    expect(await mine.meetingsBooked()).toBe(1);
    expect(await theirs.meetingsBooked()).toBe(2);
  });
});
