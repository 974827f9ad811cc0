import { expect, test } from './fixtures.js';
import { staffToken } from './staff-session.js';
import { axeFindings, openPanel, seedStaffRows, tableLayoutProblems, type StaffRows } from './staff-support.js';
import { RESULTS_DIR, systemInfo } from './system.js';

/*
 * Every staff table at the widths staff use (1280 and 1366 px laptops) with the longest rows they will meet: no word
 * broken in two, no cell overflowing, no pill or date on two lines, no table wider than its box. On a phone each
 * table scrolls inside its own box, reachable by keyboard. Screenshots land in the results folder for a look.
 */

const SCREENS = [
  { path: '/admin/users', heading: 'Users', table: 'Waitlist entries table' },
  { path: '/admin/settings/audit', heading: 'Settings', table: 'Audit log table' },
  { path: '/admin/messages', heading: 'Messages', table: 'Messages table' },
  { path: '/admin/launch', heading: 'Launch', table: 'Waves table' },
  { path: '/admin/settings/staff', heading: 'Settings', table: 'Staff table' },
  { path: '/admin/settings/cities', heading: 'Settings', table: 'Cities table' },
  { path: '/admin/settings/review', heading: 'Settings', table: 'Flagged entries table' },
] as const;

// The widths are the test's subject (each test sets its own): one project is enough.
test.describe.configure({ mode: 'serial' });
test.skip(({ isMobile }) => isMobile, 'each test sets its own viewport: run once, in the desktop project');

/** The part of a DOM element these tests read (the tests' TypeScript has no DOM types). */
interface ScrollBox {
  scrollWidth: number;
  clientWidth: number;
  scrollLeft: number;
}

let rows: StaffRows;
let token: string;
test.beforeAll(async ({ request }) => {
  const system = systemInfo();
  token = await staffToken(request, system.admin);
  rows = await seedStaffRows(system.databaseUrl, request, token);
});

test('at 1280 and 1366 px every staff table keeps its words whole and its cells inside their columns', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  for (const screen of SCREENS) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openPanel(page, token, screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible({ timeout: 30_000 });
    const table = page.getByRole('region', { name: screen.table });
    await expect(table).toBeVisible({ timeout: 30_000 });
    if (screen.path === '/admin/users') await expect(table).toContainText(rows.emails[0]!.split('@')[0]!);
    if (screen.path === '/admin/settings/audit') await expect(table).toContainText(`Created city ${rows.city}`);
    // The same rows at both widths: the layout follows the viewport without a reload.
    for (const width of [1280, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      const measured = await tableLayoutProblems(page);
      expect(measured.tables).toBeGreaterThan(0);
      problems.push(...measured.problems.map((problem) => `${width} px ${screen.path}: ${problem}`));
      await page.screenshot({
        path: `${RESULTS_DIR}/screens/staff${screen.path.replaceAll('/', '-')}-${width}.png`,
        fullPage: true,
      });
    }
  }
  expect(problems).toEqual([]);
});

test('below 1024 px a table scrolls inside its own labelled box, which the keyboard reaches', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const screen of SCREENS.slice(0, 2)) {
    await openPanel(page, token, screen.path);
    const box = page.getByRole('region', { name: screen.table });
    await expect(box).toBeVisible({ timeout: 15_000 });
    await expect(box).toHaveAttribute('tabindex', '0');
    // The page itself never scrolls sideways: only the table's box does.
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    expect(await box.evaluate((element: ScrollBox) => element.scrollWidth > element.clientWidth)).toBe(true);
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((element: ScrollBox) => element.scrollLeft)).toBeGreaterThan(0);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${RESULTS_DIR}/screens/staff${screen.path.replaceAll('/', '-')}-390.png` });
  }
});
