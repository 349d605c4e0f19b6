/**
 * Leads the Leads screen hands to the dashboard's recipient selection ("Use as recipients"), carried in the history
 * entry of the navigation to / (features do not import each other): a back or forward visit selects them again, and
 * any other visit to / starts with none.
 */
const HANDOFF_KEY = 'localreachRecipientIds';

/** The history state of a navigation to / with these leads selected (wouter's `navigate('/', { state })`). */
export function recipientHandoffState(ids: readonly number[]): Record<string, number[]> {
  return { [HANDOFF_KEY]: [...ids] };
}

/** The leads handed to the dashboard by the navigation that opened it, if any. */
export function handedRecipients(): ReadonlySet<number> {
  const state: unknown = window.history.state;
  const ids = state && typeof state === 'object' ? (state as Record<string, unknown>)[HANDOFF_KEY] : undefined;
  return new Set(Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : []);
}
