import { fsyncSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type PostgresMod = Parameters<NodeFS['init']>[1];
/** The part of Emscripten's NODEFS this file changes: its file streams hold a real file descriptor. */
type EmscriptenNodeFs = { stream_ops: { fsync?: (stream: { nfd?: number }) => number } };

/**
 * PGlite's files in a directory of the real filesystem, with an fsync that reaches the disk (decision 0041).
 * Emscripten's NODEFS writes straight through to the files but has no fsync of its own (and its fdatasync does
 * nothing): PostgreSQL's fsync of the WAL at a COMMIT, and of the data files at a checkpoint, never left the
 * operating system's cache. Here fsync() is the real one.
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Partial<PostgresMod>) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const makeFsyncReal = (module: PostgresMod & { NODEFS: EmscriptenNodeFs }) => {
      module.NODEFS.stream_ops.fsync = (stream: { nfd?: number }) => {
        if (stream.nfd !== undefined) fsyncSync(stream.nfd);
        return 0;
      };
    };
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [...(emscriptenOpts.preRun ?? []), makeFsyncReal as NonNullable<PostgresMod['preRun']>[number]],
      },
    };
  }
}

/**
 * PGlite starts PostgreSQL with `-F` (fsync off): a commit's WAL reached the operating system's cache, which
 * survives the process being killed but not the machine losing power. These make a COMMIT wait until its WAL is on
 * disk, as PostgreSQL does by default. `fsync` (not the default fdatasync, a no-op here, nor open_datasync, which
 * syncs every 8 KB WAL page of a large commit one by one and halved the speed of a lead import) is one fsync() of
 * the WAL file per commit, through DurableNodeFS.
 */
export const DURABLE_START_PARAMS = ['-c', 'fsync=on', '-c', 'synchronous_commit=on', '-c', 'wal_sync_method=fsync'];
