import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { MeetingProvider } from '../../db/schema';

/** How far Calendly's signed time may be from ours: older deliveries could be replays. */
export const CALENDLY_TOLERANCE_MS = 3 * 60_000;

/** What a verified delivery asks for, in our words. */
export type MeetingChange =
  | {
      kind: 'booked';
      externalId: string;
      /** The invitees' addresses, in the order given: the first that is one of the user's leads is the one. */
      emails: string[];
      startsAt: Date | null;
      endsAt: Date | null;
      bookedAt: Date | null;
      /** The booking this one replaces (a Cal.com reschedule): cancelled as this one is recorded. */
      replaces: string | null;
    }
  | { kind: 'canceled'; externalId: string }
  | { kind: 'ignored' };

const hmacHex = (secret: string, text: Buffer) => createHmac('sha256', secret).update(text).digest();

function sameHex(expected: Buffer, given: string): boolean {
  if (!/^[0-9a-f]+$/i.test(given) || given.length !== expected.length * 2) return false;
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/**
 * Whether the delivery is signed with the receiver's secret, as each provider documents: Cal.com's
 * `X-Cal-Signature-256` is the hex HMAC-SHA256 of the raw body; Calendly's `Calendly-Webhook-Signature` is
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, and its time must be near ours.
 */
export function signatureProblem(
  provider: MeetingProvider,
  headers: Record<string, string | string[] | undefined>,
  body: Buffer,
  secret: string,
  now: Date,
): string | null {
  if (provider === 'calcom') {
    const given = headerOf(headers, 'x-cal-signature-256');
    if (!given) return 'The delivery is not signed: set the same secret in Cal.com as here.';
    return sameHex(hmacHex(secret, body), given) ? null : 'The signature does not match this receiver’s secret.';
  }
  const given = headerOf(headers, 'calendly-webhook-signature');
  if (!given) return 'The delivery is not signed: create the Calendly subscription with this signing key.';
  const parts = given.split(',').map((part) => part.trim().split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return 'The signature header is not in Calendly’s form.';
  const expected = hmacHex(secret, Buffer.concat([Buffer.from(`${t}.`), body]));
  if (!signatures.some((signature) => sameHex(expected, signature))) {
    return 'The signature does not match this receiver’s secret.';
  }
  if (Math.abs(now.getTime() - Number(t) * 1000) > CALENDLY_TOLERANCE_MS) {
    return 'The delivery’s signed time is too far from now: it may be a replay.';
  }
  return null;
}

function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

/** A time as the providers write it (ISO 8601; Calendly with microseconds); null when absent or not a time. */
const timeOf = (value: unknown): Date | null => {
  if (typeof value !== 'string') return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time;
};

const idText = z.string().trim().min(1).max(500);

// Cal.com: {triggerEvent, createdAt, payload: {uid, startTime, endTime, attendees: [{email, name, timeZone}], …}}.
const calcomDelivery = z.object({
  triggerEvent: z.string(),
  createdAt: z.unknown().optional(),
  payload: z
    .object({
      uid: idText.optional(),
      rescheduleUid: idText.nullish(),
      startTime: z.unknown().optional(),
      endTime: z.unknown().optional(),
      attendees: z.array(z.object({ email: z.string().max(320).optional() })).optional(),
    })
    .nullish(),
});

// Calendly: {event, created_at, payload: {email, name, uri, scheduled_event: {start_time, end_time, uri}, …}}.
const calendlyDelivery = z.object({
  event: z.string(),
  created_at: z.unknown().optional(),
  payload: z
    .object({
      uri: idText.optional(),
      email: z.string().max(320).optional(),
      created_at: z.unknown().optional(),
      scheduled_event: z.object({ start_time: z.unknown().optional(), end_time: z.unknown().optional() }).nullish(),
    })
    .nullish(),
});

/** The change a verified delivery describes; null when it is not a delivery of this provider we can read. */
export function meetingChangeOf(provider: MeetingProvider, body: unknown): MeetingChange | null {
  if (provider === 'calcom') {
    const parsed = calcomDelivery.safeParse(body);
    if (!parsed.success) return null;
    const { triggerEvent, payload } = parsed.data;
    if (triggerEvent === 'BOOKING_CREATED' || triggerEvent === 'BOOKING_RESCHEDULED') {
      if (!payload?.uid) return null;
      return {
        kind: 'booked',
        externalId: payload.uid,
        emails: (payload.attendees ?? []).flatMap((attendee) => (attendee.email ? [attendee.email] : [])),
        startsAt: timeOf(payload.startTime),
        endsAt: timeOf(payload.endTime),
        bookedAt: timeOf(parsed.data.createdAt),
        replaces: triggerEvent === 'BOOKING_RESCHEDULED' && payload.rescheduleUid ? payload.rescheduleUid : null,
      };
    }
    if (triggerEvent === 'BOOKING_CANCELLED') {
      return payload?.uid ? { kind: 'canceled', externalId: payload.uid } : null;
    }
    // PING (Cal.com's test button), MEETING_ENDED and the rest change no meeting.
    return { kind: 'ignored' };
  }
  const parsed = calendlyDelivery.safeParse(body);
  if (!parsed.success) return null;
  const { event, payload } = parsed.data;
  if (event === 'invitee.created') {
    if (!payload?.uri) return null;
    return {
      kind: 'booked',
      externalId: payload.uri,
      emails: payload.email ? [payload.email] : [],
      startsAt: timeOf(payload.scheduled_event?.start_time),
      endsAt: timeOf(payload.scheduled_event?.end_time),
      bookedAt: timeOf(payload.created_at) ?? timeOf(parsed.data.created_at),
      // A Calendly reschedule comes as the old invitee's invitee.canceled, then a new invitee.created.
      replaces: null,
    };
  }
  if (event === 'invitee.canceled') {
    return payload?.uri ? { kind: 'canceled', externalId: payload.uri } : null;
  }
  return { kind: 'ignored' };
}
