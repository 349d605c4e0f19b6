import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { meetingChangeOf, signatureProblem } from './provider-deliveries';

const now = new Date('2026-11-23T10:00:00Z');
const secret = 'signing-key-0123456789';
const body = Buffer.from('{"event":"invitee.created"}');
const hex = (text: string | Buffer) => createHmac('sha256', secret).update(text).digest('hex');
const calendly = (header: string) =>
  signatureProblem('calendly', { 'calendly-webhook-signature': header }, body, secret, now);
const stamp = Math.floor(now.getTime() / 1000);

describe('the providers’ signatures', () => {
  it('takes Calendly’s signature among several v1 values, within three minutes either way', () => {
    const good = hex(`${stamp}.${body}`);
    expect(calendly(`t=${stamp},v1=${good}`)).toBeNull();
    expect(calendly(`t=${stamp}, v1=${'0'.repeat(64)}, v1=${good}`)).toBeNull();
    expect(calendly(`t=${stamp + 170},v1=${hex(`${stamp + 170}.${body}`)}`)).toBeNull();
    expect(calendly(`t=${stamp + 190},v1=${hex(`${stamp + 190}.${body}`)}`)).toContain('too far from now');
    expect(calendly(`v1=${good}`)).toBe('The signature header is not in Calendly’s form.');
    expect(calendly(`t=${stamp},v1=${good.slice(0, 40)}`)).toBe('The signature does not match this receiver’s secret.');
    expect(calendly(`t=${stamp},v1=${hex(body)}`)).toBe('The signature does not match this receiver’s secret.');
  });

  it('takes Cal.com’s hex signature of the raw body, in either case', () => {
    const check = (given: string) => signatureProblem('calcom', { 'x-cal-signature-256': given }, body, secret, now);
    expect(check(hex(body))).toBeNull();
    expect(check(hex(body).toUpperCase())).toBeNull();
    expect(check(`sha256=${hex(body)}`)).not.toBeNull();
    expect(check(hex(Buffer.from(`${body} `)))).not.toBeNull();
  });
});

describe('the providers’ deliveries', () => {
  it('read times with Calendly’s microseconds, and leave out invitees without an address', () => {
    const change = meetingChangeOf('calendly', {
      event: 'invitee.created',
      payload: {
        uri: 'https://api.calendly.com/scheduled_events/E/invitees/I',
        email: 'lead@example.com',
        scheduled_event: { start_time: '2026-11-27T15:00:00.000000Z', end_time: 'not a time' },
      },
    });
    expect(change).toMatchObject({
      kind: 'booked',
      emails: ['lead@example.com'],
      startsAt: new Date('2026-11-27T15:00:00Z'),
      endsAt: null,
    });
    expect(meetingChangeOf('calendly', { event: 'invitee.created', payload: {} })).toBeNull();
    expect(meetingChangeOf('calendly', { event: 'routing_form_submission.created', payload: {} })).toEqual({
      kind: 'ignored',
    });
    expect(meetingChangeOf('calcom', [])).toBeNull();
  });
});
