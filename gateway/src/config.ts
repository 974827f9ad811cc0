import { commonEnvSchema, env, loadConfig } from '@mmdm/shared/config';
import { fileURLToPath } from 'node:url';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { parseTargetList } from './modules/proxy/upstream-pool.js';

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

/**
 * One service's replicas: one base URL or a comma-separated list (`http://10.0.0.5:8081,http://10.0.0.6:8081`); the
 * gateway spreads calls over them in turn and routes around one that is down (modules/proxy/upstream-pool).
 */
const upstreamList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform(parseTargetList)
    .superRefine((list, ctx) => {
      if (list.length === 0) ctx.addIssue({ code: 'custom', message: 'give at least one http:// URL' });
      for (const item of list) {
        let url: URL | undefined;
        try {
          url = new URL(item);
        } catch {
          url = undefined;
        }
        if (!url || url.protocol !== 'http:' || url.pathname !== '/' || url.search || url.hash) {
          ctx.addIssue({ code: 'custom', message: `${item} is not an http:// base URL (scheme, host and port only)` });
        }
      }
    });

export const gatewayEnvSchema = commonEnvSchema
  .pick({ NODE_ENV: true, LOG_LEVEL: true, SHUTDOWN_TIMEOUT_MS: true })
  .extend({
    PORT: env.port(8080),
    HOST: z.string().default('0.0.0.0'),
    /** Prometheus's `/metrics`, on a port of its own: the public port never answers it. */
    GATEWAY_METRICS_PORT: env.port(9080),
    /** Where that port listens; unset: HOST (`npm start` sets 127.0.0.1: the scraper runs on the same machine). */
    GATEWAY_METRICS_HOST: z.string().min(1).optional(),
    AUTH_URL: upstreamList('http://127.0.0.1:8081'),
    WAITLIST_URL: upstreamList('http://127.0.0.1:8082'),
    /** How often each replica's /healthz is probed when a service has more than one (0: never). */
    UPSTREAM_PROBE_INTERVAL_MS: env.int(500, 0),
    /** How long a replica found down stays out of the rotation, unless a probe finds it answering first. */
    UPSTREAM_DOWN_MS: env.int(3000, 100),
    WEB_DIST_DIR: z.string().default(DEFAULT_WEB_DIST_DIR),
    GATEWAY_TRUSTED_PROXIES: trustedProxies,
    PROXY_TIMEOUT_MS: env.int(10_000, 100),
  });

export interface GatewayConfig {
  env: 'development' | 'production' | 'test';
  logLevel: string;
  http: { port: number; host: string; metricsPort: number; metricsHost: string };
  /** Each service's replicas (base URLs); one is the usual case. */
  upstreams: { auth: readonly string[]; waitlist: readonly string[] };
  upstreamHealth: { probeIntervalMs: number; downMs: number };
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
    http: Object.freeze({
      port: parsed.PORT,
      host: parsed.HOST,
      metricsPort: parsed.GATEWAY_METRICS_PORT,
      metricsHost: parsed.GATEWAY_METRICS_HOST ?? parsed.HOST,
    }),
    upstreams: Object.freeze({ auth: Object.freeze(parsed.AUTH_URL), waitlist: Object.freeze(parsed.WAITLIST_URL) }),
    upstreamHealth: Object.freeze({
      probeIntervalMs: parsed.UPSTREAM_PROBE_INTERVAL_MS,
      downMs: parsed.UPSTREAM_DOWN_MS,
    }),
    webDistDir: parsed.WEB_DIST_DIR,
    trustedProxies: parsed.GATEWAY_TRUSTED_PROXIES,
    proxyTimeoutMs: parsed.PROXY_TIMEOUT_MS,
    shutdownTimeoutMs: parsed.SHUTDOWN_TIMEOUT_MS,
  });
}
