import type { SendingWindow } from '../../../contract/sending-window';
import type { UserRow } from '../../db/schema';

/** The user's sending window as contract/sending-window.ts reads it, from its three columns. */
export function sendingWindowOf(user: UserRow): SendingWindow {
  return { start: user.sendWindowStart, end: user.sendWindowEnd, days: user.sendDays };
}

/** The columns that store a window. */
export function sendingWindowColumns(window: SendingWindow) {
  return { sendWindowStart: window.start, sendWindowEnd: window.end, sendDays: window.days };
}
