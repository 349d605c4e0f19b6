import { createConnection } from 'node:net';
import path from 'node:path';
import { otherAppProcesses } from '../db/app-processes';
import { runningServer } from '../db/embedded-postgres';

/**
 * LocalReach running on DATA_DIR now, in words, or null. An earlier release (on PGlite) listened on
 * DATA_DIR/control/socket while it held the database; this release's processes are sessions on the embedded server.
 */
export async function runningAppOn(dataDir: string): Promise<string | null> {
  if (await earlierReleaseAnswers(dataDir)) return 'an earlier release of LocalReach';
  const server = await runningServer(dataDir);
  if (!server) return null;
  const [other] = await otherAppProcesses(server.connectionString);
  return other ? `LocalReach (process ${other.pid})` : null;
}

function earlierReleaseAnswers(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(path.join(dataDir, 'control', 'socket'));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    // No socket, or one a dead process left behind (connection refused).
    socket.once('error', () => resolve(false));
  });
}
