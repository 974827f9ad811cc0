import { createServer, Socket, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a real dependency (Redis, Postgres, SMTP) that a test can break and restore, to show what
 * the system does during an outage without stopping the shared server. Two kinds of outage:
 * - `cutOff()`: open connections are reset and new ones closed at once, as a dead peer behind a load balancer looks;
 * - `silence()`: nothing is forwarded either way and new connections are accepted but never answered, as a network
 *   partition (dropped packets, no reset) looks — harder on time-outs, since nothing fails by itself.
 */
export class TcpProxy {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly unanswered = new Set<Socket>();
  private isCut = false;
  private isSilent = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    this.server = createServer((client) => this.accept(client));
  }

  /** A proxy for the host and port of `url` (e.g. redis://127.0.0.1:6379/0). */
  static forUrl(url: string, defaultPort: number): TcpProxy {
    const parsed = new URL(url);
    return new TcpProxy(parsed.hostname, Number(parsed.port || defaultPort));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** `url` with its host and port replaced by the proxy's. */
  rewrite(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  get cut(): boolean {
    return this.isCut;
  }

  /** Drops every connection and refuses new ones until `restore()`. */
  cutOff(): void {
    this.isCut = true;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /** Forwards nothing and answers no new connection until `restore()`; nothing is reset. */
  silence(): void {
    this.isSilent = true;
  }

  /** Traffic flows again; connections opened while silent stay dead (their peers time out and reconnect). */
  restore(): void {
    this.isCut = false;
    this.isSilent = false;
  }

  async close(): Promise<void> {
    this.cutOff();
    for (const client of this.unanswered) client.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    if (this.isCut) {
      client.destroy();
      return;
    }
    if (this.isSilent) {
      client.on('error', () => client.destroy());
      this.unanswered.add(client);
      client.on('close', () => this.unanswered.delete(client));
      return;
    }
    const upstream = new Socket();
    this.sockets.add(client);
    this.sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    upstream.connect(this.targetPort, this.targetHost, () => {
      client.on('data', (chunk: Buffer) => !this.isSilent && upstream.write(chunk));
      upstream.on('data', (chunk: Buffer) => !this.isSilent && client.write(chunk));
    });
  }
}
