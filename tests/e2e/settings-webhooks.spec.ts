import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { signUpViaApi, toastMessage } from './helpers';

type Received = { headers: IncomingHttpHeaders; body: string };

/**
 * A webhook receiver on 127.0.0.1 (the e2e server allows loopback endpoints: WEBHOOK_ALLOW_PRIVATE_HOSTS), keeping
 * what it is sent and answering 200 with a short body, as a CRM or an automation tool would.
 */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":"thank you"}');
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/localreach`,
    received,
    close: () => new Promise((closed) => server.close(closed)),
  };
}

/** The receiver's check, as the Standard Webhooks library does it: throws unless the signature fits the body. */
function verified(secret: string, { headers, body }: Received) {
  const signed = {
    'webhook-id': String(headers['webhook-id']),
    'webhook-timestamp': String(headers['webhook-timestamp']),
    'webhook-signature': String(headers['webhook-signature']),
  };
  return new Webhook(secret).verify(body, signed) as { type: string; timestamp: string; data: Record<string, unknown> };
}

for (const width of [390, 1366]) {
  test(`at ${width} px, a key is made, a webhook endpoint gets a signed test event, and the log shows it delivered`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    await signUpViaApi(page.request);
    const receiver = await startReceiver();
    try {
      // A key for a tool such as Zapier, which subscribes through the API: webhooks need one that may write everything.
      await page.goto('/settings?tab=api');
      await page.getByLabel('Key name').fill('Zapier');
      for (const area of ['Leads', 'Templates', 'Campaigns', 'Replies', 'Analytics']) {
        await page.getByRole('combobox', { name: area }).click();
        await page.getByRole('option', { name: 'Read and write' }).click();
      }
      await page.getByRole('button', { name: 'Create Key' }).click();
      const key = await page.getByLabel('New API key').inputValue();
      expect(key).toMatch(/^lr_/);

      // The link in the mail about a turned-off endpoint opens the tab.
      await page.goto('/settings#webhooks');
      await expect(page.getByRole('tab', { name: 'Webhooks' })).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/\/settings\?tab=webhooks$/);
      await expect(page.getByText('No webhook endpoints yet.', { exact: false })).toBeVisible();
      await expect(page.getByText('Zapier, Make or n8n', { exact: false })).toBeVisible();

      // The form asks for what is missing, then shows the server's own refusal of an internal address.
      const form = page.getByRole('form', { name: 'Add an endpoint' });
      await form.getByRole('button', { name: 'Save Endpoint' }).click();
      await expect(form.getByRole('alert')).toHaveText('Enter the address of the endpoint, starting with https://');
      await form.getByLabel('Endpoint URL').fill('http://169.254.169.254/latest');
      await form.getByRole('button', { name: 'Save Endpoint' }).click();
      await expect(form.getByRole('alert')).toHaveText('Choose at least one event to send to it.');
      await expect(form.getByRole('checkbox')).toHaveCount(16);
      await expect(form.getByText('A lead booked a meeting.')).toBeVisible();
      await form.getByRole('checkbox', { name: 'lead.created' }).check();
      await form.getByRole('button', { name: 'Save Endpoint' }).click();
      await expect(form.getByRole('alert')).toHaveText(
        '169.254.169.254 is a private or internal address: webhooks go only to servers on the internet',
      );

      // Every event, to the receiver.
      await form.getByLabel('Endpoint URL').fill(receiver.url);
      await form.getByRole('checkbox', { name: 'Select all' }).check();
      await expect(form.getByRole('checkbox', { name: 'meeting.booked' })).toBeChecked();
      await form.getByRole('button', { name: 'Save Endpoint' }).click();
      const secretField = page.getByLabel("New endpoint's signing secret");
      await expect(secretField).toHaveValue(/^whsec_/);
      const secret = await secretField.inputValue();
      await expect(page.getByRole('status').filter({ hasText: 'Endpoint saved' })).toContainText(
        'Every delivery carries a webhook-signature header made with this secret, as Standard Webhooks describes',
      );
      await page.getByRole('button', { name: 'Done' }).click();
      await expect(secretField).toBeHidden();

      const endpoint = page.getByRole('list', { name: 'Your webhook endpoints' }).getByRole('listitem', {
        name: receiver.url,
      });
      await expect(endpoint).toContainText('Events: All events');
      await expect(endpoint.getByText('Active', { exact: true })).toBeVisible();
      await expect(endpoint.getByText('Nothing sent yet.', { exact: false })).toBeVisible();

      // A test event goes out, and its result shows by itself.
      await endpoint.getByRole('button', { name: 'Send test event' }).click();
      await expect(toastMessage(page)).toContainText('A sample lead.created is on its way.');
      const log = endpoint.getByRole('region', { name: `Deliveries to ${receiver.url}` });
      const first = log.getByRole('listitem');
      await expect(first.getByText('Delivered', { exact: true })).toBeVisible();
      await expect(first).toContainText('lead.created');
      await expect(first).toContainText('(test)');
      await expect(first).toContainText('HTTP 200');
      await first.getByText('Response', { exact: true }).click();
      await expect(first.getByText('{"received":"thank you"}')).toBeVisible();

      // The receiver got a body signed with the secret shown, as Standard Webhooks says.
      expect(receiver.received).toHaveLength(1);
      const payload = verified(secret, receiver.received[0]);
      expect(payload.type).toBe('lead.created');
      expect(payload.data).toMatchObject({ test: true, lead: { email: 'maria@rosasbakery.example' } });
      expect(() =>
        verified(`whsec_${Buffer.from('another secret, 24 bytes').toString('base64')}`, receiver.received[0]),
      ).toThrow();

      // Sent again: the same event id, so the receiver can tell it has it already.
      await first.getByRole('button', { name: 'Resend' }).click();
      await expect(log.getByRole('listitem')).toHaveCount(2);
      await expect(log.getByText('Delivered', { exact: true })).toHaveCount(2);
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1].headers['webhook-id']).toBe(receiver.received[0].headers['webhook-id']);

      // The key lists the endpoint, as a tool subscribing through the API would see it.
      const listed = await page.request.get('/api/webhooks', { headers: { authorization: `Bearer ${key}` } });
      expect(listed.status(), await listed.text()).toBe(200);
      expect((await listed.json()).map((hook: { url: string }) => hook.url)).toEqual([receiver.url]);

      // Turned off (here by its owner through the API; LocalReach does it after 3 days of failures): said plainly,
      // with the way back.
      const id: number = (await listed.json())[0].id;
      const off = await page.request.patch(`/api/webhooks/${id}`, { data: { enabled: false } });
      expect(off.status(), await off.text()).toBe(200);
      await page.reload();
      await expect(endpoint.getByRole('alert')).toContainText('Turned off: Turned off by you');
      await expect(endpoint.getByRole('button', { name: 'Send test event' })).toBeDisabled();
      await endpoint.getByRole('button', { name: 'Turn on again' }).click();
      await expect(endpoint.getByText('Active', { exact: true })).toBeVisible();
      await expect(endpoint.getByRole('alert')).toHaveCount(0);

      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await endpoint.getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('button', { name: 'Remove Endpoint' }).click();
      await expect(toastMessage(page)).toContainText(`${receiver.url} gets no more events.`);
      await expect(page.getByText('No webhook endpoints yet.', { exact: false })).toBeVisible();
    } finally {
      await receiver.close();
    }
  });
}
