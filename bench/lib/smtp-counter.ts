import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * An SMTP sink that only counts: deliveries per recipient, and the first message's bytes. It parses nothing, so at
 * thousands of mails per second the sink is not what is measured (tests/support's SmtpSink parses every mail).
 */
export class CountingSmtpSink {
  readonly perRecipient = new Map<string, number>();
  sample: Buffer | undefined;
  accepted = 0;
  private readonly server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      size: 1024 * 1024,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (!this.sample && chunks.length) this.sample = Buffer.concat(chunks);
          for (const rcpt of session.envelope.rcptTo) {
            const address = rcpt.address.toLowerCase();
            this.perRecipient.set(address, (this.perRecipient.get(address) ?? 0) + 1);
          }
          this.accepted += 1;
          callback();
        });
      },
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** How many of `addresses` got exactly one, none, and more than one mail. */
  tally(addresses: readonly string[]): { once: number; missing: number; duplicated: number } {
    let once = 0;
    let missing = 0;
    let duplicated = 0;
    for (const address of addresses) {
      const count = this.perRecipient.get(address) ?? 0;
      if (count === 1) once += 1;
      else if (count === 0) missing += 1;
      else duplicated += 1;
    }
    return { once, missing, duplicated };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
