import type { BackupTask } from './pglite-backup-tasks';

/** The messages between PGliteThread (server side) and its worker thread (pglite-thread-worker.ts). */
export type ThreadRequest = { id: number } & (
  | {
      op: 'query';
      text: string;
      params: unknown[];
      rowMode: 'array' | 'object' | undefined;
      /** Types the caller parses itself: the worker leaves them as text. */
      textTypes: number[];
      transaction?: number;
    }
  | { op: 'exec'; text: string; transaction?: number }
  | { op: 'begin' }
  | { op: 'commit' | 'rollback'; transaction: number }
  | { op: 'close' }
  | { op: 'backup'; task: BackupTask }
);

export type ThreadError = { message: string; [field: string]: string | number | boolean };

export type ThreadResponse = { id: number } & ({ ok: true; result: unknown } | { ok: false; error: ThreadError });
