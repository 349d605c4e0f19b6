/**
 * The embedded PostgreSQL server's settings, in one place (decision 0062; the values were chosen by measurement,
 * decision 0065). They are passed on the server's command line at every start, so a new release's settings apply
 * at its first restart and the cluster's own postgresql.conf stays PostgreSQL's default.
 */
export const EMBEDDED_SETTINGS: Record<string, string> = {
  // Reached over TCP on loopback only; no Unix socket, whose path would have to fit 107 bytes and a shared /tmp.
  listen_addresses: '127.0.0.1',
  unix_socket_directories: '',
  // Two app processes (web and worker) at 10 + 4 connections each, a backup, a move and room for psql.
  max_connections: '50',
  shared_buffers: '128MB',
  work_mem: '8MB',
  maintenance_work_mem: '64MB',
  effective_cache_size: '512MB',
  // Durability as PostgreSQL ships it: an acknowledged write is on disk.
  fsync: 'on',
  synchronous_commit: 'on',
  full_page_writes: 'on',
  autovacuum: 'on',
  // Fewer, larger checkpoints while a million leads are imported; crash recovery replays at most this much WAL.
  max_wal_size: '1GB',
  checkpoint_timeout: '15min',
  // The server logs to DATA_DIR/postgres.log: what went wrong, not every connection.
  log_min_messages: 'warning',
  log_line_prefix: '%m [%p] ',
  // Messages the app may show (a refused start) read the same on every machine.
  lc_messages: 'C',
};

export function settingsArguments(port: number): string[] {
  return Object.entries({ ...EMBEDDED_SETTINGS, port: String(port) }).flatMap(([name, value]) => [
    '-c',
    `${name}=${value}`,
  ]);
}
