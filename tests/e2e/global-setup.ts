import { type FullConfig, request } from '@playwright/test';

/** The first account of the fresh install: the admin. Every user a spec registers is ordinary. */
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
  const api = await request.newContext({ baseURL: config.projects[0].use.baseURL });
  const response = await api.post('/api/auth/register', { data: adminUser });
  if (response.status() !== 201) throw new Error(`Could not register the admin: ${await response.text()}`);
  await api.dispose();
}
