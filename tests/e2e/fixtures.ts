import { test as base, expect, type ConsoleMessage } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { uniqueEmail } from '../support/unique-email.js';
import { systemInfo, type SystemInfo } from './system.js';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: ParsedMail['headers'];
  /** Links found in the HTML part, in order. */
  links: string[];
}

/** Reads the mail the system sent to the e2e SMTP sink. */
export class Mailbox {
  constructor(private readonly dir: string) {}

  private async all(): Promise<Mail[]> {
    const files = readdirSync(this.dir)
      .filter((name) => name.endsWith('.eml'))
      .sort();
    return Promise.all(
      files.map(async (name) => {
        const parsed = await simpleParser(readFileSync(join(this.dir, name)));
        const to = [parsed.to]
          .flat()
          .flatMap((value) => value?.value ?? [])
          .map((address) => address.address?.toLowerCase() ?? '');
        const html = typeof parsed.html === 'string' ? parsed.html : '';
        const links = [...html.matchAll(/href="([^"]+)"/g)].map((match) => (match[1] ?? '').replaceAll('&amp;', '&'));
        return { to, subject: parsed.subject ?? '', text: parsed.text ?? '', html, headers: parsed.headers, links };
      }),
    );
  }

  async to(address: string): Promise<Mail[]> {
    const wanted = address.toLowerCase();
    return (await this.all()).filter((mail) => mail.to.includes(wanted));
  }

  /** Waits for the `count`-th mail to `address` and returns it. */
  async waitFor(address: string, { count = 1, timeoutMs = 15_000 } = {}): Promise<Mail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mails = await this.to(address);
      if (mails.length >= count) return mails[count - 1]!;
      if (Date.now() > deadline) throw new Error(`no mail #${count} to ${address} within ${timeoutMs} ms`);
      await new Promise((done) => setTimeout(done, 200));
    }
  }
}

interface Fixtures {
  /** Console messages matching these are expected by the test (e.g. the icon warning, an aborted image). */
  allowConsole: RegExp[];
  system: SystemInfo;
  mailbox: Mailbox;
  /** A fresh, unique e-mail address for this test. */
  uniqueEmail: (label?: string) => string;
}

/**
 * `page` fails the test on any console error or warning, or uncaught page error, that the test did not expect:
 * a clean console is a requirement of the site.
 */
export const test = base.extend<Fixtures>({
  allowConsole: [[], { option: true }],
  page: async ({ page, allowConsole }, use) => {
    const problems: string[] = [];
    const record = (text: string) => {
      if (!allowConsole.some((pattern) => pattern.test(text))) problems.push(text);
    };
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning') record(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => record(`pageerror: ${error.message}`));
    await use(page);
    expect(problems, 'unexpected console errors or warnings').toEqual([]);
  },
  // Playwright reads a fixture's dependencies from this destructuring pattern, so an empty one must stay.
  // eslint-disable-next-line no-empty-pattern
  system: async ({}, use) => {
    await use(systemInfo());
  },
  mailbox: async ({ system }, use) => {
    await use(new Mailbox(system.mailDir));
  },
  // eslint-disable-next-line no-empty-pattern
  uniqueEmail: async ({}, use) => {
    await use((label = 'visitor') => uniqueEmail(label));
  },
});

export { expect };
