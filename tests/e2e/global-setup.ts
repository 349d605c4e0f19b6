import { type FullConfig, request } from '@playwright/test';
import { inviteOnlyURL } from './invite-only';

/**
 * The first account of the fresh install: the admin. Every user a spec registers is ordinary. On the invite-only
 * server (invite-only-server.ts), ADMIN_EMAIL names it.
 */
/** SUPPORT_EMAIL of the main test server (playwright.config.ts): Help, Settings and billing name it. */
export const supportEmail = 'help@e2e.test';

export const adminUser = {
  email: 'admin@e2e.test',
  password: 'admin-password',
  firstName: 'Ada',
  lastName: 'Admin',
  companyName: 'Acme',
  industry: 'Real Estate',
  service: 'Homes',
  preferredLocalClients: 'Families',
};

export default async function globalSetup(config: FullConfig) {
  // The main server, and the server where sign-up is by invitation, whose ADMIN_EMAIL names the same admin.
  for (const baseURL of [config.projects[0].use.baseURL, inviteOnlyURL]) {
    const api = await request.newContext({ baseURL });
    const response = await api.post('/api/auth/register', { data: adminUser });
    if (response.status() !== 201)
      throw new Error(`Could not register the admin at ${baseURL}: ${await response.text()}`);
    await api.dispose();
  }
}
