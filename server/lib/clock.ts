/** Where the time comes from: the system clock in the app, a fixed or stepped one in tests. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
