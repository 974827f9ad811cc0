// The outside judges of a mail, for the mail tests: SpamAssassin's score and mailauth's DKIM verdict.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';

const spamassassin = '/usr/bin/spamassassin';
export const haveSpamassassin = existsSync(spamassassin);
if (!haveSpamassassin && process.env.CI === 'true')
  throw new Error('spamassassin is not installed: CI must install it (.ci/run), the mail score test cannot skip there');

export interface SpamVerdict {
  score: number;
  /** The rules that matched, as SpamAssassin names them. */
  tests: string;
}

function runSpamassassin(args: string[], input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(spamassassin, args, { maxBuffer: 50 * 1024 * 1024, timeout: 120_000 }, (error, stdout) => {
      if (error && !stdout) reject(error);
      else resolve(stdout);
    });
    child.stdin?.end(input);
  });
}

/** The verdict in the headers SpamAssassin added to one message (folded lines unfolded). */
function verdictIn(headers: string): SpamVerdict | undefined {
  const status = /^X-Spam-Status: \w+, score=(-?[\d.]+) required=[\d.]+(?: tests=([\s\S]*?) autolearn)?/m.exec(
    headers.replace(/\r?\n[ \t]+/g, ' '),
  );
  return status ? { score: Number(status[1]), tests: status[2] ?? '' } : undefined;
}

/** SpamAssassin's score of one message, local rules only (-L: no DNS blocklists, no network). */
export async function spamScore(raw: string): Promise<SpamVerdict> {
  const stdout = await runSpamassassin(['-L', '-t'], raw);
  const verdict = verdictIn(stdout);
  if (!verdict) throw new Error(`no X-Spam-Status in spamassassin's output:\n${stdout.slice(0, 2000)}`);
  return verdict;
}

const MBOX_SEPARATOR = 'From mail-test@localhost Sat Jan  1 00:00:00 2000';

/**
 * The scores of many messages in one SpamAssassin run (its rules load once: about 2 s each time), by recipient:
 * every message must have a To address of its own. Read as an mbox, whose order SpamAssassin does not keep.
 */
export async function spamScores(mails: { to: string; raw: string }[]): Promise<Map<string, SpamVerdict>> {
  const mbox = mails
    .map(({ raw }) => `${MBOX_SEPARATOR}\n${raw.replace(/\r\n/g, '\n').replace(/^(>*From )/gm, '>$1')}\n`)
    .join('\n');
  const stdout = await runSpamassassin(['-L', '-t', '--mbox'], mbox);
  const verdicts = new Map<string, SpamVerdict>();
  for (const message of stdout.split(`${MBOX_SEPARATOR}\n`).slice(1)) {
    const headers = message.slice(0, message.search(/\n\n/));
    const to = mails.find((mail) => new RegExp(`^To:.*${mail.to.replace(/[.+]/g, '\\$&')}`, 'mi').test(headers));
    const verdict = verdictIn(headers);
    if (to && verdict) verdicts.set(to.to, verdict);
  }
  return verdicts;
}

/**
 * mailauth's DKIM results for a raw mail, the selector's TXT record answered as DNS would (mailauth's resolver
 * interface is dns.resolve's).
 */
export async function dkimResults(raw: string, key: { domain: string; selector: string; txtRecord: string }) {
  const resolver = async (name: string, type: string): Promise<string[][]> => {
    if (type === 'TXT' && name === `${key.selector}._domainkey.${key.domain}`) return [[key.txtRecord]];
    throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
  };
  const { results } = await dkimVerify(Buffer.from(raw), { resolver });
  return results;
}
