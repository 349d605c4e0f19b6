import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signUpViaApi, toastMessage } from './helpers';

for (const width of [390, 1366]) {
  test(`at ${width} px, a Cal.com receiver is added with its URL and secret, records a lead’s booking, and is removed`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUpViaApi(page.request);
    const lead = await page.request.post('/api/leads', { data: { email: 'maria@lopezbakery.com' } });
    expect(lead.status(), await lead.text()).toBe(201);
    await page.goto('/settings?tab=meetings');
    await expect(page.getByRole('tab', { name: 'Meetings', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Meetings from Cal.com and Calendly', { exact: true })).toBeVisible();
    await expect(page.getByText('No receivers yet. Add one below for your scheduling tool.')).toBeVisible();

    // A secret too short to be safe is refused before anything is made.
    await page.getByLabel('Secret (optional)').fill('short');
    await page.getByRole('button', { name: 'Add Receiver' }).click();
    await expect(page.getByRole('alert')).toHaveText('The secret must be at least 16 characters, or leave it empty.');

    await expect(page.getByRole('combobox', { name: 'Scheduling tool' })).toHaveText('Cal.com');
    await page.getByLabel('Secret (optional)').fill('my-cal-secret-0123456789');
    await page.getByRole('button', { name: 'Add Receiver' }).click();
    await expect(toastMessage(page)).toContainText('Paste its URL and secret into Cal.com.');
    const item = page.getByRole('list', { name: 'Your meeting receivers' }).getByRole('listitem', {
      name: 'Cal.com receiver',
    });
    const url = item.getByRole('textbox', { name: 'Receiver URL' });
    await expect(url).toHaveValue(/\/api\/meeting-receivers\/[A-Za-z0-9_-]{32}\/hook$/);
    await expect(item.getByRole('textbox', { name: 'Secret', exact: true })).toHaveValue('my-cal-secret-0123456789');
    await expect(item).toContainText('In Cal.com, open Settings → Developer → Webhooks and add a webhook');
    await expect(item.getByRole('button', { name: 'Copy Receiver URL' })).toBeVisible();
    await expect(item.getByRole('button', { name: 'Copy Secret' })).toBeVisible();

    // Cal.com posts a booking by the lead to that URL, signed with the secret: it is recorded.
    const body = JSON.stringify({
      triggerEvent: 'BOOKING_CREATED',
      createdAt: new Date().toISOString(),
      payload: {
        uid: 'e2e-booking-1',
        startTime: '2030-01-08T16:00:00Z',
        endTime: '2030-01-08T16:30:00Z',
        attendees: [{ email: 'maria@lopezbakery.com', name: 'Maria Lopez', timeZone: 'America/Chicago' }],
      },
    });
    const hookPath = new URL(await url.inputValue()).pathname;
    const delivered = await page.request.post(hookPath, {
      headers: {
        'content-type': 'application/json',
        'x-cal-signature-256': createHmac('sha256', 'my-cal-secret-0123456789').update(body).digest('hex'),
      },
      data: body,
    });
    expect(await delivered.json()).toEqual({ received: true, applied: true });
    expect((await (await page.request.get('/api/dashboard/stats')).json()).meetingsBooked).toBe(1);

    // A Calendly receiver gets a secret made for it, and its own instructions.
    await page.getByRole('combobox', { name: 'Scheduling tool' }).click();
    await page.getByRole('option', { name: 'Calendly' }).click();
    await page.getByLabel('Secret (optional)').fill('');
    await page.getByRole('button', { name: 'Add Receiver' }).click();
    const calendly = page.getByRole('listitem', { name: 'Calendly receiver' });
    await expect(calendly.getByRole('textbox', { name: 'Secret', exact: true })).toHaveValue(/^[0-9a-f]{48}$/);
    await expect(calendly).toContainText('this secret as signing_key');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await item.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Remove Receiver' }).click();
    await expect(toastMessage(page)).toContainText('The Cal.com receiver no longer records.');
    await expect(item).toHaveCount(0);
    const refused = await page.request.post(hookPath, { headers: { 'content-type': 'application/json' }, data: body });
    expect(refused.status()).toBe(404);
  });
}
