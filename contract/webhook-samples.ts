import type { WebhookEventData, WebhookEventType } from './webhook-events';

const lead = {
  id: 1042,
  email: 'maria@rosasbakery.example',
  firstName: 'Maria',
  lastName: 'Rosa',
  company: "Rosa's Bakery",
  status: 'active',
};
const email = {
  id: 88123,
  campaignId: 12,
  step: 1,
  leadId: 1042,
  to: 'maria@rosasbakery.example',
  subject: 'A quick idea for your bakery',
};
const campaign = { id: 12, name: 'Bakeries in Austin', status: 'running' };
const at = '2026-11-28T15:04:05.000Z';

/** A made-up example of every event's data: the API document's examples and the test event's body. */
export const WEBHOOK_SAMPLES: { [Type in WebhookEventType]: WebhookEventData<Type> } = {
  'lead.created': { lead },
  'lead.updated': { lead },
  'lead.unsubscribed': { lead: { ...lead, status: 'unsubscribed' }, unsubscribedAt: at },
  'lead.bounced': { lead: { ...lead, status: 'bounced' }, reason: '550 5.1.1 The mailbox does not exist' },
  'email.sent': { email, sentAt: at },
  'email.opened': { email, openedAt: at },
  'email.clicked': { email, url: 'https://example.com/menu', clickedAt: at },
  'email.replied': {
    email,
    lead,
    reply: {
      id: 501,
      from: 'maria@rosasbakery.example',
      subject: 'Re: A quick idea for your bakery',
      text: 'Sounds interesting. Can you call me on Tuesday?',
      priority: 'high',
      receivedAt: at,
      url: 'https://localreach.example/replies?reply=501',
    },
  },
  'email.bounced': { email, lead, bounceType: 'hard', reason: '550 5.1.1 The mailbox does not exist' },
  'email.complained': { email, lead },
  'campaign.started': { campaign },
  'campaign.paused': { campaign: { ...campaign, status: 'paused' }, reason: 'Paused by its owner' },
  'campaign.completed': { campaign: { ...campaign, status: 'completed' } },
  'meeting.booked': {
    lead,
    meeting: {
      source: 'calcom',
      startsAt: '2026-12-01T16:00:00.000Z',
      endsAt: '2026-12-01T16:30:00.000Z',
      bookedAt: at,
    },
  },
  'mailbox.error': {
    mailbox: { id: 3, email: 'owner@business.example' },
    message: 'The mail server refused the password: sign in again on the Accounts screen.',
  },
};
