import { expect, type Page, test } from '@playwright/test';
import { type DovecotServer, startDovecot } from '../../server/test/dovecot';
import { type SmtpPeer, smtpLogin, useMailPeers } from './accounts-helpers';
import { signUpViaApi, toastMessage } from './helpers';

test.describe('with local SMTP and IMAP peers', () => {
  let smtp: SmtpPeer;
  let imap: DovecotServer;
  useMailPeers((started) => {
    ({ smtp, imap } = started);
  });

  /** Connects the SMTP peer's mailbox, read over `mailbox`'s IMAP, through the API. */
  async function connectViaApi(page: Page, mailbox: DovecotServer) {
    const settings = (port: number, login: { user: string; password: string }) => ({
      host: '127.0.0.1',
      port,
      secure: false,
      ...login,
    });
    const connected = await page.request.post('/api/email-accounts/smtp', {
      data: {
        email: smtpLogin.user,
        smtp: settings(smtp.port, smtpLogin),
        imap: settings(mailbox.port, { user: mailbox.user, password: mailbox.password }),
      },
    });
    expect(connected.status(), await connected.text()).toBe(201);
  }

  test('the card says whether replies can be read from the mailbox', async ({ page }) => {
    // A Dovecot of its own, stopped halfway, so the other tests keep theirs.
    const mailbox = await startDovecot();
    try {
      await signUpViaApi(page.request);
      await connectViaApi(page, mailbox);

      // The reader starts on the mailbox as it is linked and reads it every few seconds (INBOX_POLL_SECONDS).
      await page.goto('/accounts');
      const card = page.getByRole('article', { name: smtpLogin.user });
      await expect(card.getByText(/^Replies (not checked yet|checked just now)$/)).toBeVisible();
      const showsAfterReload = (text: string | RegExp) =>
        expect(async () => {
          await page.reload();
          // The reloaded page's own time to show the card: over a second on a busy 2-core CI.
          await expect(card.getByText(text)).toBeVisible({ timeout: 5_000 });
        }).toPass({ timeout: 30_000 });
      await showsAfterReload('Replies checked just now');

      await mailbox.stop();
      await showsAfterReload(/^Replies cannot be read: .+/);
      await expect(card.getByText('Replies checked just now')).toHaveCount(0);
    } finally {
      await mailbox.stop();
    }
  });

  test('the card shows the sending domain’s health with what to fix, and the dashboard warns', async ({ page }) => {
    await signUpViaApi(page.request);
    await connectViaApi(page, imap);

    // shop.test is a reserved name: no MX, SPF, DKIM or DMARC anywhere (the test DNS server knows none of them).
    await page.goto('/accounts');
    const card = page.getByRole('article', { name: smtpLogin.user });
    const health = card.getByRole('region', { name: 'Domain health' });
    await health.getByRole('button', { name: 'Check again' }).click();
    await expect(toastMessage(page)).toContainText('Domain Checked');
    await expect(health).toContainText('Domain health: shop.test');
    await expect(health).toContainText(/Checked .+/);
    const row = (name: string) => health.getByRole('listitem').filter({ hasText: new RegExp(`^${name}`) });
    await expect(row('MX')).toContainText('Fail');
    await expect(row('MX')).toContainText('shop.test has no MX record: replies and bounces cannot reach you.');
    await expect(row('SPF')).toContainText('Fail');
    await expect(row('SPF')).toContainText('Add this TXT record at your DNS host: v=spf1 ip4:127.0.0.1 ~all');
    await expect(row('DKIM')).toContainText('No DKIM key found for shop.test');
    await expect(row('DMARC')).toContainText(
      'Add this TXT record at your DNS host, named _dmarc.shop.test: v=DMARC1; p=none; rua=mailto:dmarc@shop.test',
    );
    await expect(row('Blocklist')).toContainText('Pass');
    await expect(row('Blocklist')).toContainText('shop.test is not on the Spamhaus Domain Blocklist.');

    // The dashboard's account select says SPF and DMARC fail, and why that matters once it is chosen.
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Email Account' }).click();
    await page.getByRole('option', { name: /SPF and DMARC failing/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'SPF and DMARC fail for shop.test' })).toContainText(
      'receivers may reject or junk this mailbox',
    );
  });
});
