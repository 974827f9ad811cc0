import type { Logger } from '@mmdm/shared/logger';
import { Gauge, type Registry } from '@mmdm/shared/metrics';
import { startPeriodic } from '@mmdm/shared/periodic';
import { ImapFlow } from 'imapflow';
import type pg from 'pg';
import type { BounceService } from './bounces.service.js';
import { pruneReports } from './bounces.repository.js';
import { parseReportMessage } from './report-parser.js';

export interface MailboxSettings {
  host: string;
  port: number;
  /** imaps:// (TLS from the first byte); imap:// upgrades with STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  password: string;
  mailbox: string;
}

/** `imaps://user:pass@host:993/INBOX` → settings; the user and password percent-decoded, the mailbox INBOX unless named. */
export function mailboxSettingsOf(url: string): MailboxSettings {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  const mailbox = decodeURIComponent(parsed.pathname.replace(/^\/+/, '')) || 'INBOX';
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    mailbox,
  };
}

export interface BounceMailboxDeps {
  settings: MailboxSettings;
  pool: pg.Pool;
  service: BounceService;
  logger: Logger;
  intervalMs: number;
  registry?: Registry | undefined;
}

export interface BounceMailbox {
  /** One pass over the unread messages now; resolves with how many were read (tests and the first run). */
  pollOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Messages read per pass at most, so one pass stays short however full the mailbox is; the rest wait a pass. */
const BATCH = 200;

/**
 * Reads bounce reports from the operator's mailbox: every unread message is parsed (RFC 3464 delivery status,
 * RFC 5965 feedback report), applied to the suppression list once (by its Message-ID, in the same transaction), then
 * flagged \Seen, so nothing is read twice even if the flag was lost. One connection per pass: a mailbox that is down,
 * slow or refusing the login costs one warning per outage and is tried again at the next pass.
 */
export function startBounceMailbox({
  settings,
  pool,
  service,
  logger,
  intervalMs,
  registry,
}: BounceMailboxDeps): BounceMailbox {
  let down = false;
  let running: Promise<number> | undefined;
  let lastSuccess = 0;
  let current: ImapFlow | undefined;
  const log = logger.child({ mailbox: `${settings.host}:${settings.port}/${settings.mailbox}` });

  if (registry) {
    new Gauge({
      name: 'mmdm_bounce_mailbox_up',
      help: 'Whether the last pass over the bounce mailbox (BOUNCE_MAILBOX_URL) succeeded',
      registers: [registry],
      collect() {
        this.set(down ? 0 : 1);
      },
    });
    new Gauge({
      name: 'mmdm_bounce_mailbox_last_success_timestamp_seconds',
      help: 'When a pass over the bounce mailbox last succeeded (0: not yet)',
      registers: [registry],
      collect() {
        this.set(lastSuccess / 1000);
      },
    });
  }

  async function pass(): Promise<number> {
    const client = new ImapFlow({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: { user: settings.user, pass: settings.password },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    });
    // A dropped connection is reported as an 'error' event too; the pass's own rejection says it once.
    client.on('error', () => undefined);
    current = client;
    await client.connect();
    let read = 0;
    try {
      const lock = await client.getMailboxLock(settings.mailbox);
      try {
        const unseen = (await client.search({ seen: false }, { uid: true })) || [];
        for (const uid of unseen.slice(0, BATCH)) {
          const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
          if (!message || !message.source) continue;
          // A message mailparser cannot read is no report; marked read so it cannot block the mailbox.
          const parsed = await parseReportMessage(message.source).catch(() => undefined);
          if (!parsed || parsed.type === 'other') log.info({ uid }, 'bounce mailbox: not a report, marked read');
          else await service.apply('mailbox', parsed.id, parsed.reports);
          await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          read += 1;
        }
      } finally {
        lock.release();
      }
      await pruneReports(pool);
    } finally {
      await client.logout().catch(() => client.close());
      current = undefined;
    }
    return read;
  }

  async function pollOnce(): Promise<number> {
    running ??= pass()
      .then(
        (read) => {
          if (down) log.info('bounce mailbox reachable again');
          down = false;
          lastSuccess = Date.now();
          return read;
        },
        (error: unknown) => {
          if (!down) log.warn({ err: error }, 'bounce mailbox unavailable; trying again at the next pass');
          down = true;
          return 0;
        },
      )
      .finally(() => (running = undefined));
    return running;
  }

  // pollOnce words its own outages (once per outage) and never throws: the job only paces the passes.
  const job = startPeriodic({
    name: 'bounce-mailbox',
    everyMs: intervalMs,
    jitter: 0.1,
    logger: log,
    metrics: registry,
    firstRun: 'now',
    unref: true,
    run: () => pollOnce(),
  });

  return {
    pollOnce,
    async stop() {
      const stopping = job.stop();
      // A pass waiting on a slow server would hold shutdown for its socket time-out: cut it. What it applied is
      // committed; a message not yet flagged is read again next time and changes nothing (bounce_reports).
      if (running) current?.close();
      await stopping;
      await running;
    },
  };
}
