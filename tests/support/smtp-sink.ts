import { simpleParser, type ParsedMail } from 'mailparser';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on a random local port that keeps what it receives, for asserting on the mail a user would get.
 * `refuse(true)` makes it answer every message with a temporary failure (451), as a flaky provider would; `slow(ms)`
 * makes it take its time over each acceptance, so that mails are in the middle of being sent.
 */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  private refusing: boolean | ((recipients: string[]) => boolean) = false;
  private acceptAfterMs = 0;
  private waiters: (() => void)[] = [];
  private readonly server: SMTPServer;
  port = 0;

  /** With `saveDir`, every accepted message is also written there as an .eml file (for other processes to read). */
  constructor(private readonly saveDir?: string) {
    if (saveDir) mkdirSync(saveDir, { recursive: true });
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const refusing =
            typeof this.refusing === 'function'
              ? this.refusing(session.envelope.rcptTo.map((rcpt) => rcpt.address))
              : this.refusing;
          if (refusing) {
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          if (this.acceptAfterMs > 0) {
            const wait = this.acceptAfterMs;
            setTimeout(() => this.accept(chunks, session.envelope, callback), wait);
            return;
          }
          this.accept(chunks, session.envelope, callback);
        });
      },
    });
  }

  private accept(
    chunks: Buffer[],
    envelope: { mailFrom: false | { address: string }; rcptTo: { address: string }[] },
    callback: (error?: Error | null) => void,
  ): void {
    const raw = Buffer.concat(chunks).toString('utf8');
    if (this.saveDir) {
      const name = `${Date.now()}-${this.messages.length}-${Math.random().toString(36).slice(2, 8)}.eml`;
      writeFileSync(join(this.saveDir, name), raw);
    }
    void simpleParser(raw).then((parsed) => {
      this.messages.push({
        envelope: {
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((rcpt) => rcpt.address),
        },
        raw,
        parsed,
      });
      for (const wake of this.waiters.splice(0)) wake();
      callback();
    }, callback);
  }

  async start(port = 0): Promise<this> {
    // A client killed mid-session resets its connection; smtp-server reports that as an 'error' event, which would
    // crash the test process without a listener.
    this.server.on('error', () => undefined);
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Refuses every message (451), or, given a test of the recipients, the messages it holds true for. */
  refuse(on: boolean | ((recipients: string[]) => boolean)): void {
    this.refusing = on;
  }

  /** Accepts each message only `ms` after its data arrived, as a slow provider does (0: at once). */
  slow(ms: number): void {
    this.acceptAfterMs = ms;
  }

  to(address: string): ReceivedMail[] {
    const wanted = address.toLowerCase();
    return this.messages.filter((mail) => mail.envelope.to.some((to) => to.toLowerCase() === wanted));
  }

  /** Waits until `predicate` holds over the received mail, or fails after `timeoutMs`. */
  async waitFor(predicate: (messages: ReceivedMail[]) => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.messages)) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`SMTP sink: condition not met within ${timeoutMs} ms (${this.messages.length} mails)`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
