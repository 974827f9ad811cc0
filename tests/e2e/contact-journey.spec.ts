import type { Page } from '@playwright/test';
import { expect, test, type Mail, type Mailbox } from './fixtures.js';
import { hydrated, isPhone, seriousAxeFindings } from './public-support.js';

/**
 * The person writing to us, and the staff member who reads it: the contact form really sends (through the proof of
 * work the e2e system always asks for), says so at each step, and the message reaches the support mailbox and the
 * panel's Messages screen. A failing service is played by answering the form's call with 503 in the browser: the
 * page must say the message was not sent (Chromium logs that 503 as a console error, expected here).
 */
test.use({ allowConsole: [/status of 503/] });

async function expectNoAxeFindings(page: Page, where: string) {
  expect(await seriousAxeFindings(page), where).toEqual([]);
}

/** The mail to the support address whose Reply-To is this visitor. */
async function supportMailFrom(mailbox: Mailbox, support: string, visitor: string): Promise<Mail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await mailbox.to(support)).find((candidate) => {
      const replyTo = candidate.headers.get('reply-to') as { value?: { address?: string }[] } | undefined;
      return replyTo?.value?.some((address) => address.address === visitor);
    });
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${support} with Reply-To ${visitor}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

test('writing to us: a failure says so and keeps the words, "Try again" sends, the mail reaches support, staff read it and mark it handled', async ({
  page,
  mailbox,
  system,
  uniqueEmail,
}, testInfo) => {
  // A page of the site and three of the panel, a mail, the proof of work and the page's one retry: several pages'
  // time (about 40 s on a quiet 2-core machine, over 80 s on a loaded one).
  test.setTimeout(180_000);
  const visitor = uniqueEmail('writer');
  const name = `Jane ${isPhone(testInfo) ? 'Phone' : 'Desk'} ${visitor.slice(7, 13)}`;
  const words = `Hello!\nWill the app open in Porto at launch? (${testInfo.project.name})`;

  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We'd love to hear from you");
  await hydrated(page);
  await expectNoAxeFindings(page, '/contact');

  await page.getByLabel('Your Name').fill(name);
  await page.getByLabel('Your Email').fill(visitor);
  await page.getByLabel('Your Message').fill(words);

  // The service fails (both the call and the one retry the page makes): the page says the message was not sent.
  await page.route('**/waitlist/contact', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, code: 'unavailable', message: 'Service unavailable' }),
        })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Send message' }).click();
  const failure = page.getByRole('alert');
  await expect(failure).toContainText('Your message was not sent.', { timeout: 15_000 });
  await expect(failure).toContainText('Your message is still in the form: please try again.');
  await expect(page.getByLabel('Your Message')).toHaveValue(words);
  await expectNoAxeFindings(page, '/contact, not sent');

  // The service is back, slowly: the page says it is sending until the answer comes.
  await page.unroute('**/waitlist/contact');
  let release: () => void = () => undefined;
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/waitlist/contact', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.fallback();
  });
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Sending your message...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(page.getByLabel('Your Message')).toBeDisabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
  release();

  const sent = page.getByRole('status').filter({ hasText: 'Thank you! Your message has reached our team.' });
  await expect(sent).toBeVisible({ timeout: 15_000 });
  await expect(sent).toContainText(`We'll reply to ${visitor} within two working days.`);
  await expectNoAxeFindings(page, '/contact, sent');
  await page.unroute('**/waitlist/contact');

  // The mail reaches the support address, with the visitor as Reply-To and the words as written.
  const mail = await supportMailFrom(mailbox, system.supportEmail, visitor);
  expect(mail.to).toEqual([system.supportEmail]);
  expect(mail.subject).toBe(`Message from ${name} through the contact form`);
  expect(mail.text.replace(/\s+/g, ' ')).toContain('Will the app open in Porto at launch?');
  const messageLink = mail.links.find((href) => /\/admin\/messages\/\d+$/.test(href));
  expect(messageLink, 'the mail links to the message in the panel').toBeTruthy();

  // A staff member signs in and reads it on the Messages screen.
  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(system.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(system.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  if (isPhone(testInfo)) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Messages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(visitor);
  await expect(row).toContainText('Open');
  await expectNoAxeFindings(page, '/admin/messages');

  await row.getByRole('link', { name: `Read the message from ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Message from ${name}` })).toBeVisible();
  await expect(page).toHaveURL(new URL(messageLink!).pathname);
  await expect(page.getByRole('region', { name: 'Message', exact: true })).toContainText(
    'Will the app open in Porto at launch?',
  );
  await expect(page.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:${visitor.replace(/[.+]/g, '\\$&')}\\?`),
  );
  await expectNoAxeFindings(page, '/admin/messages/:id');

  await page.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Marked handled.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark open again' })).toBeVisible();
  await expectNoAxeFindings(page, '/admin/messages/:id, handled');

  // Back on the list it has left the open ones and shows among the handled.
  await page.getByRole('link', { name: 'Back to messages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await page.getByLabel('Show').selectOption('handled');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Handled');
  await expectNoAxeFindings(page, '/admin/messages?state=handled');
});
