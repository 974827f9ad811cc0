import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { expectNoAxeViolations, join, linkInMail, screenshotsAt390And1280 } from './in-line-support.js';
import { hydrated } from './public-support.js';
import { invitedAloneInACity } from './staff-support.js';

/*
 * The pages behind a mail's unsubscribe and invitation links, opened under the German and French prefixes with real
 * tokens: they speak the page's language, their buttons work, and their texts fit a phone and a desktop screen.
 */

/** A mail link's path and query, opened under a language prefix (`/de/unsubscribe?token=…`). */
function under(language: 'de' | 'fr', link: string): string {
  const { pathname, search } = new URL(link);
  return `/${language}${pathname}${search}`;
}

/**
 * Words of the page's main content split in two, as a reader would see them: a word laid out on two lines other than
 * at a hyphen between two real parts ("E-Mail-Adresse" may break after "E-Mail-", never after "E-", and no part may
 * be cut). E-mail addresses break at their <wbr> points by design (components/ui/email-address.tsx), a ticket's link
 * anywhere: both are left out. Written as a string: the tests' TypeScript has no DOM types.
 */
const SPLIT_WORDS = `(() => {
  const split = [];
  const lineOf = (range) => {
    const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top));
    return new Set(tops);
  };
  const main = document.querySelector('main');
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent.closest('.tickets-card__link, noscript') || parent.querySelector('wbr')) continue;
    const text = node.textContent;
    const words = /\\S+/g;
    for (let word = words.exec(text); word; word = words.exec(text)) {
      const parts = /[^-]+-?/g;
      let previous = null;
      for (let part = parts.exec(word[0]); part; part = parts.exec(word[0])) {
        const range = document.createRange();
        range.setStart(node, word.index + part.index);
        range.setEnd(node, word.index + part.index + part[0].length);
        const lines = lineOf(range);
        const cut = lines.size > 1;
        const shortBreak = previous && previous.text.length <= 3 && ![...lines].every((top) => previous.lines.has(top));
        if (cut || shortBreak) split.push(word[0]);
        previous = { text: part[0], lines };
      }
    }
  }
  return [...new Set(split)];
})()`;

/** On the desktop run: the page at 390 and 1280 px, kept for a person to look at, with no word split in two. */
async function lookAt(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (testInfo.project.name !== 'desktop') return;
  await screenshotsAt390And1280(page, testInfo, name);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(SPLIT_WORDS), `${name} at ${width} px: words split in two`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// A used unsubscribe link is answered 410 Gone, which Chromium logs as an error.
test.use({ allowConsole: [/status of 410/] });

test('the unsubscribe page in French and German: names the address, unsubscribes on the click, says it is done', async ({
  page,
  mailbox,
  uniqueEmail,
}, testInfo) => {
  // Joining solves the proof of work first: slow on a loaded 2-core runner.
  test.setTimeout(120_000);
  const email = uniqueEmail('abmelden');
  await join(page, email);
  const link = await linkInMail(mailbox, email, '/unsubscribe');

  // Opening the link under /fr/ reads it and changes nothing.
  await page.goto(under('fr', link));
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Ne plus recevoir nos e\u2011mails' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(email);
  await expect(page.getByRole('button', { name: 'Me désabonner' })).toBeVisible();
  await lookAt(page, testInfo, 'fr-unsubscribe');

  await page.goto(under('de', link));
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Unsere E\u2011Mails abbestellen' })).toBeVisible();
  await expect(page.getByText(/Empfehlungscode und angerechnete Freunde werden mit ihr gelöscht/)).toBeVisible();
  await expectNoAxeViolations(page, 'the German unsubscribe page');
  await lookAt(page, testInfo, 'de-unsubscribe');
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Du bist abgemeldet' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    `Wir schicken ${email} keine E\u2011Mails mehr.`,
  );
  const again = page.getByRole('main').getByRole('link', { name: 'Wieder auf die Warteliste' });
  await expect(again).toHaveAttribute('href', '/de/waitlist');
  await lookAt(page, testInfo, 'de-unsubscribed');

  // Reopened under /fr/: done before, said in French; its link leads to the French waitlist page.
  await page.goto(under('fr', link));
  await expect(page.getByRole('heading', { level: 1, name: 'Votre désabonnement a déjà été effectué' })).toBeVisible();
  await expectNoAxeViolations(page, 'a used unsubscribe link in French');
  await lookAt(page, testInfo, 'fr-unsubscribed-before');
  await page.getByRole('main').getByRole('link', { name: 'Rejoindre à nouveau la liste d’attente' }).click();
  await expect(page).toHaveURL(/\/fr\/waitlist$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('the invitation page in French and German: welcomes the person, accepts on the click, lists their tickets', async ({
  page,
  mailbox,
  system,
  uniqueEmail,
}, testInfo) => {
  test.setTimeout(150_000);
  // Waves take the best places of a city; the run shares one line: one copy of this journey, on the desktop project.
  test.skip(testInfo.project.name !== 'desktop', 'waves and places are shared by every test of the run');

  // Staff add a city of the run's own; Ada, alone in it, is invited by a wave of one. Its name starts with an article,
  // which French contracts with "à" ("au Havre") and German leaves as typed.
  const ada = uniqueEmail('einladung');
  const { city, invitationLink: link } = await invitedAloneInACity(page, mailbox, system.admin, ada, 'Le Havre');
  const place = city.slice('Le '.length);

  // Opening the invitation under /fr/ only reads it.
  await page.goto(under('fr', link));
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Votre invitation à Meet Match Date Marry est arrivée' }),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`nous ouvrons au ${place},`);
  await lookAt(page, testInfo, 'fr-invitation');

  await page.goto(under('de', link));
  await hydrated(page);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Du bist zu Meet Match Date Marry eingeladen' }),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`Wir starten in ${city}`);
  await expectNoAxeViolations(page, 'the German invitation page');
  await lookAt(page, testInfo, 'de-invitation');
  await page.getByRole('button', { name: 'Einladung annehmen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Du bist drin!' })).toBeVisible();
  const tickets = page.getByRole('region', { name: 'Tickets für deine Freunde' });
  await expect(tickets.getByText('Du hast noch 3 Tickets.', { exact: false })).toBeVisible();
  await expect(tickets.getByRole('button', { name: 'Ticket 3 kopieren' })).toBeVisible();
  await expectNoAxeViolations(page, 'the German invitation page, accepted');
  await lookAt(page, testInfo, 'de-invitation-admitted');

  // Reopened under /fr/: in, with the same tickets, in French.
  await page.goto(under('fr', link));
  await expect(page.getByRole('heading', { level: 1, name: 'Vous y êtes\u00a0!' })).toBeVisible();
  const billets = page.getByRole('region', { name: 'Tickets pour vos amis' });
  await expect(billets.getByText('Il vous reste 3 tickets.', { exact: false })).toBeVisible();
  await expect(billets.getByRole('button', { name: 'Copier le ticket 1' })).toBeVisible();
  await lookAt(page, testInfo, 'fr-invitation-admitted');
});
