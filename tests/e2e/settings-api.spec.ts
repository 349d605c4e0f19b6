import { expect, test } from '@playwright/test';
import { signUpViaApi, toastMessage } from './helpers';

for (const width of [390, 1366]) {
  test(`at ${width} px, an API key is made, shown once, used as its owner within its scopes, and revoked`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUpViaApi(page.request);
    await page.goto('/settings?tab=api');
    await expect(page.getByRole('tab', { name: 'API', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('API keys', { exact: true })).toBeVisible();
    await expect(page.getByText('No keys yet. Make one below for each tool that needs access.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api/docs/');

    // A name is asked for first.
    await page.getByRole('button', { name: 'Create Key' }).click();
    await expect(page.getByRole('alert')).toHaveText('Give the key a name, such as the tool that will use it.');

    await page.getByLabel('Key name').fill('HubSpot sync');
    await page.getByRole('combobox', { name: 'Leads' }).click();
    await page.getByRole('option', { name: 'Read and write' }).click();
    await page.getByRole('button', { name: 'Create Key' }).click();
    const secret = page.getByLabel('New API key');
    await expect(secret).toHaveValue(/^lr_/);
    await expect(page.getByText('Your new key “HubSpot sync”. Copy it now: it is not shown again.')).toBeVisible();
    const key = await secret.inputValue();

    // As its owner: the key reads and adds leads, and may only read templates.
    const bearer = { authorization: `Bearer ${key}` };
    expect((await page.request.get('/api/leads', { headers: bearer })).status()).toBe(200);
    const added = await page.request.post('/api/leads', { headers: bearer, data: { email: 'maria@lopezbakery.com' } });
    expect(added.status(), await added.text()).toBe(201);
    const refused = await page.request.post('/api/templates', { headers: bearer, data: { name: 'x' } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe('This API key may not change templates.');

    // Listed with what it may do and its last use; the secret is gone once done.
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(secret).toBeHidden();
    await page.reload();
    const row = page.getByRole('list', { name: 'Your API keys' }).getByRole('listitem', { name: 'HubSpot sync' });
    await expect(row).toContainText('Leads: read and write · Templates: read · Campaigns: read');
    await expect(row).toContainText('Last used');
    await expect(page.getByText(key)).toHaveCount(0);

    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('button', { name: 'Revoke Key' }).click();
    await expect(toastMessage(page)).toContainText('HubSpot sync no longer works.');
    await expect(page.getByText('No keys yet.', { exact: false })).toBeVisible();
    const revoked = await page.request.get('/api/leads', { headers: bearer });
    expect(revoked.status()).toBe(401);
    expect((await revoked.json()).message).toBe('This API key is not valid, or it has been revoked.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
