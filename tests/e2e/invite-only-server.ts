/**
 * The fourth server of the browser tests: sign-up by invitation only (SIGNUP=invite), its administrator named by
 * ADMIN_EMAIL (the global setup registers it), and no system mailbox, so an invitation's link is handed to the
 * administrator to pass on. Embedded database, fresh each run.
 */
import { e2eDataDir } from './data-dirs';

process.env.DATA_DIR = e2eDataDir('invite');
process.env.SIGNUP = 'invite';
await import('../../server/main');
