import { expect, test } from './fixtures.js';
import { hydrated } from './public-support.js';

test.describe('the home page', () => {
  test('shows the hero, the four "Why Choose" cards, three testimonials in blockquotes and the call to action', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Your Perfect Match.');
    await expect(page.getByRole('heading', { level: 2, name: /Why Choose/ })).toBeVisible();
    for (const card of ['Meaningful Connections', 'Diverse Community', 'Safe & Secure', 'Personalized Matches']) {
      await expect(page.getByRole('heading', { level: 3, name: card })).toBeVisible();
    }
    await expect(page.locator('main blockquote')).toHaveCount(3);
    await expect(page.getByRole('main').getByRole('link', { name: 'Get Started' })).toHaveCount(2);
  });
});

test.describe('the about page', () => {
  test('states the mission and the three How It Works steps', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: /Helping people find each other/ })).toBeVisible();
    const steps = page.getByRole('list').filter({ has: page.getByRole('heading', { name: 'Create your profile' }) });
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText([
      'Create your profile',
      'Get smart matches',
      'Connect and chat',
    ]);
    await expect(page.locator('main blockquote')).toHaveCount(3);
  });
});

test.describe('the contact page', () => {
  test('has the "Get in Touch" form with labelled, required fields and the "Connect With Us" card', async ({
    page,
  }) => {
    await page.goto('/contact');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Get in Touch', exact: true })).toBeVisible();
    for (const label of ['Your Name', 'Your Email', 'Your Message']) {
      await expect(page.getByLabel(label)).toHaveAttribute('required', '');
    }
    await expect(page.getByLabel('Your Email')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Your Message')).toHaveAttribute('placeholder', 'How can we help you today?');
    const card = page.getByRole('complementary', { name: 'Connect With Us' });
    await expect(card.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(card.locator('a[href^="tel:"]')).toHaveCount(1);
    await expect(card.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(8);

    await page.getByLabel('Your Name').fill('Jane Doe');
    await page.getByLabel('Your Email').fill('jane@example.com');
    await page.getByLabel('Your Message').fill('Hello there');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('status')).toContainText('Thank you');
  });
});

test.describe('the FAQ accordion', () => {
  test('has six questions, keeps one open at a time, and closes the open one when clicked', async ({ page }) => {
    await page.goto('/faqs');
    await hydrated(page);
    const answers = page.locator('.accordion').getByRole('region');
    const questions = page.getByRole('main').getByRole('button');
    await expect(questions).toHaveCount(6);
    for (const question of await questions.all()) {
      await expect(question).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator(`#${await question.getAttribute('aria-controls')}`)).toBeHidden();
    }

    const premium = page.getByRole('button', { name: 'Is Meet Match Date Marry free?' });
    const distance = page.getByRole('button', { name: 'How far away can my matches be?' });
    await premium.click();
    await expect(premium).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'Is Meet Match Date Marry free?' })).toContainText('$9.99/month');

    await distance.click();
    await expect(premium).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: 'How far away can my matches be?' })).toContainText('1 to 100 miles');
    await expect(answers).toHaveCount(1);

    await distance.click();
    await expect(distance).toHaveAttribute('aria-expanded', 'false');
    await expect(answers).toHaveCount(0);

    await page.getByRole('button', { name: 'How long does it take to set up an account?' }).press('Enter');
    await expect(answers).toContainText('Under 5 minutes');
  });
});

test.describe('the teams page', () => {
  test('shows the stats, three leaders with social links, the values and employee quotes', async ({ page }) => {
    await page.goto('/teams');
    await hydrated(page);
    for (const [value, label] of [
      ['25+', 'team members'],
      ['8', 'countries'],
      ['5M+', 'users'],
    ] as const) {
      await expect(page.getByRole('main').getByText(value, { exact: true })).toBeVisible();
      await expect(page.getByRole('main').getByText(label, { exact: true })).toBeVisible();
    }
    const leadership = page.getByRole('list').filter({ has: page.getByRole('heading', { name: 'Sofia Marin' }) });
    await expect(leadership.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) })).toHaveCount(
      3,
    );
    for (const link of await leadership.getByRole('link').all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    for (const value of ['Authenticity', 'Innovation', 'Empathy']) {
      await expect(page.getByRole('heading', { level: 3, name: value })).toBeVisible();
    }
    await expect(page.locator('main blockquote').first()).toBeVisible();
  });

  test('"View Open Positions" in the "Join Our Team" banner does nothing', async ({ page }) => {
    await page.goto('/teams');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Join Our Team' })).toBeVisible();
    await page.getByRole('button', { name: 'View Open Positions' }).click();
    await expect(page).toHaveURL(/\/teams$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The people behind every match');
  });
});

test.describe('avatars', () => {
  test.use({ allowConsole: [/Failed to load resource/] });

  test('show the person icon when the image fails to load', async ({ page }) => {
    await page.route('**/images/avatars/amara.svg', (route) => route.abort());
    await page.goto('/');
    await hydrated(page);
    const avatar = page.getByRole('img', { name: 'Portrait of Amara O.' });
    // The <img> is swapped for the icon as its load fails, possibly mid-scroll: scroll again to whichever is there.
    await expect(async () => {
      await avatar.scrollIntoViewIfNeeded({ timeout: 1_000 });
    }).toPass();
    await expect(avatar).toBeVisible();
    await expect(page.locator('.avatar--fallback', { has: page.locator('svg') })).toHaveCount(1);
    // The other portraits still load.
    await expect(page.getByRole('img', { name: 'Portrait of Daniel K.' })).toHaveJSProperty('tagName', 'IMG');
  });
});

test.describe('the legal pages', () => {
  test('state the required policy claims', async ({ page }) => {
    await page.goto('/privacy-policy');
    const privacy = page.getByRole('main');
    await expect(privacy).toContainText('18 or older');
    await expect(privacy).toContainText('26 months');
    await expect(privacy).toContainText('up to 2 years');

    await page.goto('/cookie-policy');
    await expect(page.getByText('Last updated August 2025')).toBeVisible();
    await expect(page.getByRole('main')).toContainText('never longer than 2 years');
    await expect(page.getByRole('main')).toContainText('26 months');

    await page.goto('/terms');
    const terms = page.getByRole('main');
    await expect(page.getByText('Last updated August 2025')).toBeVisible();
    for (const claim of [
      '18 years old',
      'within 14 days',
      'non-refundable, except where the law requires',
      'monthly, quarterly or annually',
      'renew automatically',
      'cancel any time',
      'moves to the free plan',
    ]) {
      await expect(terms).toContainText(claim);
    }
  });
});
