import { captureLogs, type CapturedLogs } from '@mmdm/tests/support';
import { createLogger } from '@mmdm/shared/logger';
import type { HttpMetrics } from '@mmdm/shared/metrics';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGateway } from '../../src/app.js';
import { createGatewayServer } from '../../src/http/gateway-server.js';
import { loadSiteBuild } from '../../src/modules/site/site-build.js';

export interface RunningGateway {
  url: string;
  port: number;
  logs: CapturedLogs;
  server: Server;
  close: () => Promise<void>;
}

export interface GatewayOptions {
  siteDir: string;
  /** One base URL or several (a service's replicas). */
  auth: string | string[];
  waitlist: string | string[];
  /** Active probing of replicas (ms; the gateway's default when unset). */
  probeIntervalMs?: number;
  trustedProxies?: string[];
  proxyTimeoutMs?: number;
  healthTimeoutMs?: number;
  metrics?: HttpMetrics;
}

/** The real gateway (app.ts + the site loader) on a random local port, logging into memory. */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const logs = captureLogs();
  const logger = createLogger({ name: 'gateway', level: 'info', destination: logs.stream });
  const gateway = createGateway({
    config: {
      upstreams: { auth: [options.auth].flat(), waitlist: [options.waitlist].flat() },
      upstreamHealth: { probeIntervalMs: options.probeIntervalMs ?? 500, downMs: 3000 },
      trustedProxies: options.trustedProxies ?? [],
      proxyTimeoutMs: options.proxyTimeoutMs ?? 10_000,
    },
    logger,
    site: await loadSiteBuild(options.siteDir),
    healthTimeoutMs: options.healthTimeoutMs,
    metrics: options.metrics,
  });
  const server = createGatewayServer(gateway);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    logs,
    server,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      gateway.close();
    },
  };
}
