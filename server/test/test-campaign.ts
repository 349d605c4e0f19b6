import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CSV_CHUNK_ROWS } from '../../contract/leads';
import type { Database } from '../db/client';
import { leads } from '../db/schema';

/**
 * Starts a campaign through the API for a signed-in user whose mailbox is `accountId`: an Active template, `count`
 * leads `{label}-N@leads.test` uploaded as CSV, all of them in the campaign. Answers its id and the lead ids in
 * upload order (lead N first).
 */
export async function startTestCampaign(
  app: FastifyInstance,
  db: Database,
  owner: { token: string; userId: string; accountId: number },
  label: string,
  count: number,
): Promise<{ id: number; leadIds: number[] }> {
  const call = async (url: string, payload: object) => {
    const response = await app.inject({
      method: 'POST',
      url,
      payload,
      headers: { cookie: `lr_session=${owner.token}` },
    });
    if (response.statusCode !== 200 && response.statusCode !== 201) {
      throw new Error(`POST ${url} answered ${response.statusCode}: ${response.body}`);
    }
    return response.json();
  };
  const template = await call('/api/templates', {
    name: 'Intro',
    subject: 'Hello {firstName|there}',
    body: '<p>Hi {firstName}.</p>',
    status: 'active',
  });
  const csvData = Array.from({ length: count }, (_, i) => ({ email: `${label}-${i}@leads.test`, first_name: `L${i}` }));
  // In parts, as the upload dialog sends a file: a request takes at most CSV_CHUNK_ROWS rows.
  for (let start = 0; start < csvData.length; start += CSV_CHUNK_ROWS) {
    await call('/api/leads/upload-csv', {
      csvData: csvData.slice(start, start + CSV_CHUNK_ROWS),
      firstRowNumber: start + 2,
    });
  }
  // Without ORDER BY the database may answer in any order.
  const leadIds = (
    await db.select({ id: leads.id }).from(leads).where(eq(leads.userId, owner.userId)).orderBy(leads.id)
  ).map((row) => row.id);
  const started = await call('/api/campaigns/send-mass-email', {
    accountId: owner.accountId,
    templateId: template.id,
    leadIds,
  });
  return { id: started.campaignId as number, leadIds };
}
