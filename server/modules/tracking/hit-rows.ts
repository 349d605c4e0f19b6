import { CLICK_BURST_MS, machineReason, type TrackingHit } from './machine-hits';

/** What a tracking request tells about who made it. The IP is Fastify's, under the app's trustProxy setting. */
export type HitRequest = { method: string; ip: string; userAgent: string | undefined };

/** What following a click link does: lead to its page, or a page that says the link expired or is not the mail's. */
export type ClickOutcome = 'redirect' | 'expired' | 'not_in_mail';

/** A pixel fetched (`url` null) or a click link followed, waiting to be written. */
export type PendingHit = {
  kind: 'open' | 'click';
  recipientId: number;
  url: string | null;
  at: Date;
  request: HitRequest;
  /** A click: when its link was signed; null for a link of the first form, which ages from its mail's sending. */
  issuedAt?: Date | null;
  /** A click: what it does, set by the write that carried it, which reads the mail's row (click-rules.ts). */
  outcome?: ClickOutcome;
};

/** A sent mail as its hits are weighed: owner, sending time, its links' hosts, its flags and its stored events. */
export type SentMail = {
  userId: string;
  sentAt: Date;
  linkHosts: string[] | null;
  humanOpened: boolean;
  humanClicked: boolean;
  storedEvents: number;
};

/** A stored click of a mail, as a new click of the same mail weighs it. */
export type StoredClick = { id: number; recipientId: number; url: string | null; at: Date; machine: boolean };

export type EventRow = ReturnType<typeof hitRow>['values'];

const MAX_USER_AGENT = 512;
const MINUTE_MS = 60_000;
/**
 * The most events one mail stores. Past it, hits are counted on the mail and not stored, but for a person's first
 * open or click of it, which the figures need (decision 0059). No person's reading comes near it.
 */
export const STORED_EVENTS_PER_MAIL = 1000;

/** The row of a hit of a sent mail, flagged as a machine's when a rule of machine-hits.ts says so, and the rule. */
function hitRow(
  mail: SentMail,
  hit: Pick<TrackingHit, 'kind' | 'url' | 'at' | 'earlierClicks'> & { recipientId: number },
  request: HitRequest,
) {
  const userAgent = request.userAgent?.slice(0, MAX_USER_AGENT);
  const { recipientId, ...rest } = hit;
  const reason = machineReason({ ...rest, method: request.method, userAgent, ip: request.ip, sentAt: mail.sentAt });
  const values = {
    userId: mail.userId,
    recipientId,
    kind: hit.kind,
    url: hit.url,
    machine: reason !== null,
    machineReason: reason,
    ipAddress: request.ip,
    userAgent: userAgent ?? null,
    createdAt: hit.at,
    minute: new Date(Math.floor(hit.at.getTime() / MINUTE_MS) * MINUTE_MS),
    hits: 1,
  };
  return { values, reason };
}

/**
 * The rows of a group of hits, in the order they came; each click is weighed against its mail's recent clicks: those
 * stored and those earlier in the group. A burst (machine-hits.ts) makes the mail's earlier clicks on its other
 * links a machine's too: in the group's rows, or by the ids of stored ones (`flaggedIds`).
 */
export function hitRows(hits: PendingHit[], sent: Map<number, SentMail>, storedClicks: StoredClick[]) {
  type RecentClick = { url: string | null; at: Date; machine: boolean; id?: number; row?: EventRow };
  const recent = new Map<number, RecentClick[]>();
  for (const { recipientId, ...click } of storedClicks) {
    recent.set(recipientId, [...(recent.get(recipientId) ?? []), click]);
  }
  const rows: EventRow[] = [];
  const flaggedIds: number[] = [];
  for (const { kind, recipientId, url, at, request } of hits) {
    const mail = sent.get(recipientId);
    if (!mail) continue;
    const earlierClicks = kind === 'click' ? (recent.get(recipientId) ?? []) : [];
    const { values, reason } = hitRow(mail, { recipientId, kind, url, at, earlierClicks }, request);
    rows.push(values);
    if (kind === 'open') continue;
    if (reason === 'click_burst') {
      const windowStart = at.getTime() - CLICK_BURST_MS;
      for (const earlier of earlierClicks) {
        if (earlier.machine || earlier.url === url || earlier.at.getTime() < windowStart) continue;
        earlier.machine = true;
        if (earlier.row) Object.assign(earlier.row, { machine: true, machineReason: 'click_burst' });
        else if (earlier.id !== undefined) flaggedIds.push(earlier.id);
      }
    }
    recent.set(recipientId, [...earlierClicks, { url, at, machine: values.machine, row: values }]);
  }
  return { rows, flaggedIds };
}

/** The key of an event: one per mail, kind, address, minute and link (the database's tracking_events_minute_idx). */
const eventKey = (row: EventRow) =>
  `${row.recipientId}\n${row.kind}\n${row.ipAddress}\n${row.minute.getTime()}\n${row.url ?? ''}`;

/**
 * A person's hit makes its event a person's, as the insert's ON CONFLICT does with a stored one: the figures are
 * what they would be had every hit been stored (a mail a person opened or clicked is opened or clicked).
 */
function addRepeat(event: EventRow, repeat: EventRow) {
  event.hits += repeat.hits;
  if (event.machine && !repeat.machine) {
    Object.assign(event, { machine: false, machineReason: null, userAgent: repeat.userAgent });
  }
}

/**
 * The events a group stores: its hits with one row per key (the repeats counted on it), each mail's within its
 * ceiling of stored events, in mail order (two processes writing the same events lock them in the same order); and
 * per mail, the hits past its ceiling, which are counted on it instead.
 */
export function eventsToStore(rows: EventRow[], sent: Map<number, SentMail>) {
  const byKey = new Map<string, EventRow>();
  for (const row of rows) {
    const event = byKey.get(eventKey(row));
    if (event) addRepeat(event, row);
    else byKey.set(eventKey(row), row);
  }
  const events: EventRow[] = [];
  const notStored = new Map<number, number>();
  const mails = new Map<number, { stored: number; opened: boolean; clicked: boolean }>();
  for (const event of byKey.values()) {
    const sentMail = sent.get(event.recipientId);
    if (!sentMail) continue;
    const mail = mails.get(event.recipientId) ?? {
      stored: sentMail.storedEvents,
      opened: sentMail.humanOpened,
      clicked: sentMail.humanClicked,
    };
    mails.set(event.recipientId, mail);
    // An event whose key is stored adds no row, but the group cannot tell: it counts as one, so the ceiling holds.
    const firstOfAPerson = !event.machine && !(event.kind === 'open' ? mail.opened : mail.clicked);
    if (mail.stored < STORED_EVENTS_PER_MAIL || firstOfAPerson) {
      events.push(event);
      mail.stored += 1;
      if (!event.machine) Object.assign(mail, { opened: true, clicked: mail.clicked || event.kind === 'click' });
    } else {
      notStored.set(event.recipientId, (notStored.get(event.recipientId) ?? 0) + event.hits);
    }
  }
  events.sort((a, b) => a.recipientId - b.recipientId);
  return { events, notStored };
}
