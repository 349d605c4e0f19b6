import { fsyncSync, mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type PostgresMod = Parameters<NodeFS['init']>[1];
type Stream = { nfd?: number; path?: string };
type Operation = (...args: never[]) => unknown;
/** NODEFS's operations that take a mode: mknod's for a new file or folder, setattr's for chmod. */
type ModeOperations = {
  mknod(parent: unknown, name: string, mode: number, device: number): unknown;
  setattr(nodeOrStream: unknown, attributes: { mode?: number }): unknown;
};
/** The part of Emscripten's NODEFS this file changes: its file streams hold a real file descriptor. */
type EmscriptenNodeFs = {
  stream_ops: Record<string, Operation> & { fsync?: (stream: Stream) => number };
  node_ops: Record<string, Operation>;
};

/** Mode bits that would let the group or anyone else read, write or enter: never given (decision 0057). */
const OTHERS = 0o077;
const ownerOnly = <Attributes extends { mode?: number }>(attributes: Attributes): Attributes =>
  attributes.mode == null ? attributes : { ...attributes, mode: attributes.mode & ~OTHERS };

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
 *
 * Its files and folders are the owner's only, whatever mode PGlite asks for (ownerOnlyModes, decision 0057).
 */
export class DurableNodeFS extends NodeFS {
  readonly #walToSync = new Set<number>();

  constructor(dataDir: string) {
    // NodeFS would make the folder with whatever umask the process has.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    super(dataDir);
  }

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
          ownerOnlyModes as NonNullable<PostgresMod['preRun']>[number],
        ],
      },
    };
  }
}

/**
 * The database's files and folders are its owner's only, whatever mode is asked for (decision 0057). PGlite writes
 * the database initdb made into the folder and then sets each file's mode to 0666 with chmod, which no umask
 * limits, and NODEFS makes folders 0777 less the umask: so the group and others bits are taken off every mode that
 * NODEFS creates a file or folder with or sets (mknod, and setattr by path or by open file).
 */
function ownerOnlyModes(module: PostgresMod & { NODEFS: EmscriptenNodeFs }) {
  const { stream_ops: streamOps, node_ops: nodeOps } = module.NODEFS;
  const { mknod, setattr: setNodeAttributes } = nodeOps as unknown as ModeOperations;
  const { setattr: setStreamAttributes } = streamOps as unknown as ModeOperations;
  nodeOps.mknod = ((parent: unknown, name: string, mode: number, device: number) =>
    mknod(parent, name, mode & ~OTHERS, device)) as Operation;
  nodeOps.setattr = ((node: unknown, attributes: { mode?: number }) =>
    setNodeAttributes(node, ownerOnly(attributes))) as Operation;
  streamOps.setattr = ((stream: unknown, attributes: { mode?: number }) =>
    setStreamAttributes(stream, ownerOnly(attributes))) as Operation;
}

/**
 * PGlite starts PostgreSQL with `-F` (fsync off): a commit's WAL reached the operating system's cache, which
 * survives the process being killed but not the machine losing power. These make a COMMIT wait until its WAL is on
 * disk, as PostgreSQL does by default. `fsync` (not the default fdatasync, a no-op here, nor open_datasync, which
 * syncs every 8 KB WAL page of a large commit one by one and halved the speed of a lead import) is one fsync() of
 * the WAL file for the commits answered together, through DurableNodeFS.
 */
export const DURABLE_START_PARAMS = ['-c', 'fsync=on', '-c', 'synchronous_commit=on', '-c', 'wal_sync_method=fsync'];
