import type { Campaign } from '@contract/campaigns';

type Counted = Pick<
  Campaign,
  'totalEmails' | 'emailsSent' | 'emailsFailed' | 'emailsUnknown' | 'emailsSkipped' | 'emailsNoMailServer'
>;

/**
 * The progress card's "done of total": the mails with an outcome, and the leads whose domain takes no mail (settled
 * at the start without a send), among every lead the campaign took on. So the card counts what the campaign does from
 * its start, never "0 of 0" while it marks leads.
 */
export function progressCounts(campaign: Counted) {
  const done = campaign.emailsSent + campaign.emailsFailed + campaign.emailsUnknown + campaign.emailsNoMailServer;
  const total = campaign.totalEmails + campaign.emailsNoMailServer;
  return {
    done,
    total,
    percent: total === 0 ? 100 : Math.min(100, Math.round((done / total) * 100)),
    /** The other skipped leads (already mailed this week, unsubscribed…). */
    otherSkipped: campaign.emailsSkipped - campaign.emailsNoMailServer,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Whole local days from `now` to `at` in the time zone: 0 today, 1 tomorrow. */
function daysAhead(at: Date, now: Date, timeZone: string): number {
  return Math.round((Date.parse(localDate(at, timeZone)) - Date.parse(localDate(now, timeZone))) / DAY_MS);
}

const clockTime = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/** "14:32" today, "Tue 09:20" within the week, "Tue 1 Dec 09:20" further on: in the user's time zone. */
function momentText(at: Date, now: Date, timeZone: string): string {
  const days = daysAhead(at, now, timeZone);
  if (days <= 0) return clockTime(at, timeZone);
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(at);
  if (days < 7) return `${weekday} ${clockTime(at, timeZone)}`;
  const date = new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short' }).format(at);
  return `${weekday} ${date} ${clockTime(at, timeZone)}`;
}

/** "tomorrow", "on Wed", "on Wed 9 Dec": the day a later mail goes. */
function dayText(at: Date, now: Date, timeZone: string): string {
  const days = daysAhead(at, now, timeZone);
  if (days === 1) return 'tomorrow';
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(at);
  if (days < 7) return `on ${weekday}`;
  return `on ${weekday} ${new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short' }).format(at)}`;
}

function timeLeftText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'Less than a minute left';
  if (minutes < 90) return `About ${minutes} minute${minutes === 1 ? '' : 's'} left`;
  const hours = Math.round(minutes / 60);
  if (hours < 36) return `About ${hours} hours left`;
  return `About ${Math.round(hours / 24)} days left`;
}

/**
 * When a running campaign should finish, in words and in the user's time zone: "About 2 minutes left · finishes
 * around 14:32", or, when the daily limit or the sending window holds some back, "12 go out tomorrow from 09:00;
 * finishes around Tue 09:20". Null without an estimate.
 */
export function finishText(
  campaign: Pick<Campaign, 'status' | 'cadence' | 'estimatedFinishAt' | 'emailsAfterToday' | 'laterSendingStartsAt'>,
  timeZone: string,
  now: Date,
): string | null {
  if (campaign.status !== 'running' || !campaign.estimatedFinishAt) return null;
  const finishAt = new Date(campaign.estimatedFinishAt);
  // A sequence goes on with later steps: the estimate is of the mails due now.
  const finishes = campaign.cadence === null ? 'finishes around' : 'the emails due now finish around';
  const finish = `${finishes} ${momentText(finishAt, now, timeZone)}`;
  if (campaign.emailsAfterToday > 0 && campaign.laterSendingStartsAt) {
    const later = new Date(campaign.laterSendingStartsAt);
    const count = campaign.emailsAfterToday.toLocaleString('en-US');
    const go = campaign.emailsAfterToday === 1 ? 'goes' : 'go';
    return `${count} ${go} out ${dayText(later, now, timeZone)} from ${clockTime(later, timeZone)}; ${finish}`;
  }
  return `${timeLeftText(finishAt.getTime() - now.getTime())} · ${finish}`;
}
