import { commonEnvSchema, env, loadConfig } from '@mmdm/shared/config';
import { fileURLToPath } from 'node:url';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';

/** `<repo>/web/dist`, found from this file so it holds for `src/` (tsx, tests) and `dist/` (compiled) alike. */
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Comma-separated addresses, CIDRs or proxy-addr presets (loopback, linklocal, uniquelocal); empty trusts nobody. */
const trustedProxies = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .superRefine((list, ctx) => {
    try {
      proxyaddr.compile(list);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : 'not a list of addresses' });
    }
  });

export const gatewayEnvSchema = commonEnvSchema.pick({ NODE_ENV: true, LOG_LEVEL: true, SHUTDOWN_TIMEOUT_MS: true }).extend({
  PORT: env.port(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Prometheus's `/metrics`, on a port of its own: the public port never answers it. */
  GATEWAY_METRICS_PORT: env.port(9080),
  AUTH_URL: env.url('http://127.0.0.1:8081', ['http:']),
  WAITLIST_URL: env.url('http://127.0.0.1:8082', ['http:']),
  WEB_DIST_DIR: z.string().default(DEFAULT_WEB_DIST_DIR),
  GATEWAY_TRUSTED_PROXIES: trustedProxies,
  PROXY_TIMEOUT_MS: env.int(10_000, 100),
});

export interface GatewayConfig {
  env: 'development' | 'production' | 'test';
  logLevel: string;
  http: { port: number; host: string; metricsPort: number };
  upstreams: { auth: string; waitlist: string };
  webDistDir: string;
  trustedProxies: readonly string[];
  proxyTimeoutMs: number;
  shutdownTimeoutMs: number;
}

export function loadGatewayConfig(source: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = loadConfig(gatewayEnvSchema, source);
  return Object.freeze({
    env: parsed.NODE_ENV,
    logLevel: parsed.LOG_LEVEL,
    http: Object.freeze({ port: parsed.PORT, host: parsed.HOST, metricsPort: parsed.GATEWAY_METRICS_PORT }),
    upstreams: Object.freeze({ auth: parsed.AUTH_URL, waitlist: parsed.WAITLIST_URL }),
    webDistDir: parsed.WEB_DIST_DIR,
    trustedProxies: parsed.GATEWAY_TRUSTED_PROXIES,
    proxyTimeoutMs: parsed.PROXY_TIMEOUT_MS,
    shutdownTimeoutMs: parsed.SHUTDOWN_TIMEOUT_MS,
  });
}
