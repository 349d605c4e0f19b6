import { fsyncSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type PostgresMod = Parameters<NodeFS['init']>[1];
type Stream = { nfd?: number; path?: string };
type Operation = (...args: never[]) => unknown;
/** The part of Emscripten's NODEFS this file changes: its file streams hold a real file descriptor. */
type EmscriptenNodeFs = {
  stream_ops: Record<string, Operation> & { fsync?: (stream: Stream) => number };
  node_ops: Record<string, Operation>;
};

/** Everything that changes a file other than by writing the WAL: each waits until the WAL before it is on disk. */
const STREAM_CHANGES = ['write', 'setattr', 'close'];
const NODE_CHANGES = ['setattr', 'mknod', 'rename', 'unlink', 'rmdir', 'symlink'];
const isWal = (stream: Stream) => stream.path?.includes('/pg_wal/') === true;

/**
 * PGlite's files in a directory of the real filesystem, with an fsync that reaches the disk (decision 0041).
 * Emscripten's NODEFS writes straight through to the files but has no fsync of its own (and its fdatasync does
 * nothing): PostgreSQL's fsync of the WAL at a COMMIT, and of the data files at a checkpoint, never left the
 * operating system's cache. Here fsync() is the real one.
 *
 * Commits are grouped (decision 0044): PostgreSQL's fsync of the WAL is only noted, and `syncWal` does it once for
 * every commit since the last, before the database's thread sends any answer (group-commit.ts). Any other change
 * to a file (a data page, pg_control, a truncation, an unlink) first syncs the WAL, so the rule PostgreSQL relies
 * on (the WAL reaches the disk before what it describes) holds as before.
 */
export class DurableNodeFS extends NodeFS {
  readonly #walToSync = new Set<number>();

  /** How many WAL files have writes that wait for `syncWal`. */
  get walFilesToSync(): number {
    return this.#walToSync.size;
  }

  /** Makes every WAL write since the last call durable: one fsync per WAL file written. */
  syncWal() {
    for (const fd of this.#walToSync) fsyncSync(fd);
    this.#walToSync.clear();
  }

  override async init(pg: PGlite, opts: Partial<PostgresMod>) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const realFsyncWithGroupedWal = (module: PostgresMod & { NODEFS: EmscriptenNodeFs }) => {
      const { stream_ops: streamOps, node_ops: nodeOps } = module.NODEFS;
      streamOps.fsync = (stream: Stream) => {
        if (stream.nfd === undefined) return 0;
        if (isWal(stream)) {
          this.#walToSync.add(stream.nfd);
        } else {
          this.syncWal();
          fsyncSync(stream.nfd);
        }
        return 0;
      };
      for (const name of STREAM_CHANGES) {
        const change = streamOps[name];
        streamOps[name] = ((stream: Stream, ...rest: never[]) => {
          // A WAL file is synced before it closes, since its descriptor may then name another file.
          if (this.#walToSync.size > 0 && (!isWal(stream) || name === 'close')) this.syncWal();
          return change(stream as never, ...rest);
        }) as Operation;
      }
      for (const name of NODE_CHANGES) {
        const change = nodeOps[name];
        nodeOps[name] = ((...args: never[]) => {
          if (this.#walToSync.size > 0) this.syncWal();
          return change(...args);
        }) as Operation;
      }
    };
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [
          ...(emscriptenOpts.preRun ?? []),
          realFsyncWithGroupedWal as NonNullable<PostgresMod['preRun']>[number],
        ],
      },
    };
  }
}

/**
 * PGlite starts PostgreSQL with `-F` (fsync off): a commit's WAL reached the operating system's cache, which
 * survives the process being killed but not the machine losing power. These make a COMMIT wait until its WAL is on
 * disk, as PostgreSQL does by default. `fsync` (not the default fdatasync, a no-op here, nor open_datasync, which
 * syncs every 8 KB WAL page of a large commit one by one and halved the speed of a lead import) is one fsync() of
 * the WAL file for the commits answered together, through DurableNodeFS.
 */
export const DURABLE_START_PARAMS = ['-c', 'fsync=on', '-c', 'synchronous_commit=on', '-c', 'wal_sync_method=fsync'];
