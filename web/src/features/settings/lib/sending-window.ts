import { type SendingWindow, sendingWindowSchema } from '@contract/sending-window';

export type SendingWindowErrors = Partial<Record<keyof SendingWindow, string>>;

/** The window as the server will keep it, or the schema's first message for each field it refuses. */
export function checkSendingWindow(window: SendingWindow): { window: SendingWindow } | { errors: SendingWindowErrors } {
  const parsed = sendingWindowSchema.safeParse(window);
  if (parsed.success) return { window: parsed.data };
  const errors: SendingWindowErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof SendingWindow;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** The days with `day` switched on or off, in weekday order. */
export function toggleDay(days: readonly number[], day: number): number[] {
  return days.includes(day) ? days.filter((other) => other !== day) : [...days, day].sort();
}
