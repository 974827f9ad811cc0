import { createServer, Socket, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a real dependency (Redis, Postgres, SMTP) that a test can cut and restore, to show what the
 * system does during an outage without stopping the shared server. While cut, open connections are reset and new ones
 * are accepted and closed at once, as a dead peer behind a load balancer would look.
 */
export class TcpProxy {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private isCut = false;
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

  restore(): void {
    this.isCut = false;
  }

  async close(): Promise<void> {
    this.cutOff();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    if (this.isCut) {
      client.destroy();
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
      client.pipe(upstream);
      upstream.pipe(client);
    });
  }
}
