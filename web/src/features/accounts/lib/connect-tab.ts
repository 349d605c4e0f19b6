import type { ProvidersStatus } from '@contract/accounts';

export type ConnectTab = 'oauth' | 'smtp' | 'integration';

/**
 * The tab the connect dialog opens on: Direct Connection when this server can sign in with Microsoft or Google (or
 * its status could not be read, so its buttons are offered), else SMTP / IMAP, which always works (it
 * opened on two disabled buttons). Null while the status is being read.
 */
export function firstUsableTab(status: ProvidersStatus | undefined, statusFailed: boolean): ConnectTab | null {
  if (statusFailed) return 'oauth';
  if (!status) return null;
  return status.outlook.configured || status.gmail.configured ? 'oauth' : 'smtp';
}
