import { createServer, Socket, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy that can go silent: while silenced it forwards nothing in either direction and accepts new connections
 * without ever answering, as a network partition (dropped packets, no reset) looks to a client. Harder on time-outs
 * than a reset, which fails fast by itself.
 */
export class SilentProxy {
  private readonly server: Server;
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  private readonly unanswered = new Set<Socket>();
  private silent = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    this.server = createServer((client) => this.accept(client));
  }

  static forUrl(url: string, defaultPort: number): SilentProxy {
    const parsed = new URL(url);
    return new SilentProxy(parsed.hostname, Number(parsed.port || defaultPort));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  rewrite(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  silence(): void {
    this.silent = true;
  }

  /** Traffic flows again; connections opened while silent stay dead (their peers time out and reconnect). */
  restore(): void {
    this.silent = false;
  }

  async close(): Promise<void> {
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    for (const client of this.unanswered) client.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    client.on('error', () => client.destroy());
    if (this.silent) {
      // Accepted, never answered.
      this.unanswered.add(client);
      client.on('close', () => this.unanswered.delete(client));
      return;
    }
    const upstream = new Socket();
    const pair = { client, upstream };
    this.pairs.add(pair);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    client.on('close', drop);
    upstream.on('error', drop).on('close', drop);
    upstream.connect(this.targetPort, this.targetHost, () => {
      client.on('data', (chunk: Buffer) => {
        if (!this.silent) upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => {
        if (!this.silent) client.write(chunk);
      });
    });
  }
}
