import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { staffToken } from './staff-session.js';
import { axeFindings, openPanel } from './staff-support.js';
import { RESULTS_DIR } from './system.js';

// The refused private address is a 400 the page shows; the browser logs it too.
test.use({ allowConsole: [/status of 400 \(Bad Request\)/] });

/**
 * Settings › Webhooks on the real system: an admin adds an endpoint for the app (a public address, so the service's
 * address check lets it through without a DNS answer), sees its secret once, opens its delivery log, rotates the
 * secret and deletes the endpoint. Screenshots at the project's width.
 */
test('an admin adds a webhook endpoint, sees its secret once, rotates it and deletes the endpoint', async ({
  page,
  request,
  system,
}, testInfo) => {
  const token = await staffToken(request, system.admin);
  const dir = `${RESULTS_DIR}/screens`;
  mkdirSync(dir, { recursive: true });
  const shot = (name: string) =>
    page.screenshot({ path: `${dir}/webhooks-${testInfo.project.name}-${name}.png`, fullPage: true });
  const url = `https://93.184.216.34/hooks/${Date.now().toString(36)}`;

  await openPanel(page, token, '/admin/settings');
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/webhooks$/);

  // A private address is refused with the service's reason.
  await page.getByLabel('Endpoint URL').fill('https://10.0.0.8/hooks');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByRole('alert')).toContainText('private');

  await page.getByLabel('Endpoint URL').fill(url);
  await page.getByRole('checkbox', { name: /city\.opened/ }).uncheck();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = page.getByTestId('webhook-secret');
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/=]{40,}$/);
  const first = await secret.textContent();
  await expect(page.getByRole('button', { name: 'Copy secret' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(url.replace(/[.]/g, '\\.')) });
  await expect(row).toContainText('entry.confirmed, entry.invited, entry.admitted, entry.erased');
  await shot('secret');
  expect(await axeFindings(page)).toEqual([]);
  await page.getByRole('button', { name: 'Done, I have saved it' }).click();
  await expect(secret).toHaveCount(0);

  await row.getByRole('button', { name: 'Deliveries' }).click();
  await expect(page.getByRole('region', { name: 'Delivery log' })).toBeVisible();

  await row.getByRole('button', { name: 'Rotate secret' }).click();
  await page.getByRole('alertdialog', { name: 'Rotate the secret?' }).getByRole('button', { name: 'Rotate' }).click();
  await expect(secret).toHaveText(/^whsec_/);
  expect(await secret.textContent()).not.toBe(first);
  await expect(row).toContainText('old secret valid until');
  await shot('rotated');
  await page.getByRole('button', { name: 'Done, I have saved it' }).click();

  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText(`${url} was disabled.`)).toBeVisible();
  await expect(row).toContainText('Disabled');

  await page.getByRole('button', { name: `Delete ${url}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${url} was deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('table')).toContainText(`Added webhook endpoint ${url}`);
});
