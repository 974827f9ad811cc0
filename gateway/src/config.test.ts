import { ConfigError } from '@mmdm/shared/config';
import { describe, expect, it } from 'vitest';
import { loadGatewayConfig } from './config.js';

describe('loadGatewayConfig', () => {
  it('works with no variables at all, trusting no proxy', () => {
    const config = loadGatewayConfig({});
    expect(config.http).toEqual({ port: 8080, host: '0.0.0.0', metricsPort: 9080, metricsHost: '0.0.0.0' });
    expect(config.upstreams).toEqual({ auth: ['http://127.0.0.1:8081'], waitlist: ['http://127.0.0.1:8082'] });
    expect(config.upstreamHealth).toEqual({ probeIntervalMs: 500, downMs: 3000 });
    expect(config.trustedProxies).toEqual([]);
    expect(config.proxyTimeoutMs).toBe(10_000);
    expect(config.webDistDir).toMatch(/web[/\\]dist$/);
  });

  it('names every bad variable in one error', () => {
    expect(() => loadGatewayConfig({ PORT: 'eighty', GATEWAY_TRUSTED_PROXIES: 'loopback, not-an-ip' })).toThrow(
      ConfigError,
    );
    try {
      loadGatewayConfig({ PORT: 'eighty', GATEWAY_TRUSTED_PROXIES: 'loopback, not-an-ip' });
    } catch (error) {
      expect((error as ConfigError).problems.map((problem) => problem.split(':')[0])).toEqual([
        'PORT',
        'GATEWAY_TRUSTED_PROXIES',
      ]);
    }
  });

  it('reads a list of trusted proxies', () => {
    expect(loadGatewayConfig({ GATEWAY_TRUSTED_PROXIES: 'loopback, 10.0.0.0/8' }).trustedProxies).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
  });

  it('reads each service as a list of replicas, and refuses an entry that is not an http base URL', () => {
    const config = loadGatewayConfig({
      AUTH_URL: 'http://10.0.0.5:8081, http://10.0.0.6:8081/',
      WAITLIST_URL: 'http://w:8082',
    });
    expect(config.upstreams).toEqual({
      auth: ['http://10.0.0.5:8081', 'http://10.0.0.6:8081'],
      waitlist: ['http://w:8082'],
    });
    try {
      loadGatewayConfig({ AUTH_URL: 'http://a:1,ftp://b:2', WAITLIST_URL: 'http://w:8082/api' });
      expect.unreachable('bad lists must be refused');
    } catch (error) {
      expect((error as ConfigError).problems.map((problem) => problem.split(':')[0])).toEqual([
        'AUTH_URL',
        'WAITLIST_URL',
      ]);
    }
  });
});
