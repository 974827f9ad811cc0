import { createLogger, exitOnConfigError, handleLifecycle } from '@mmdm/shared';
import { createGateway } from './app.js';
import { loadGatewayConfig, type GatewayConfig } from './config.js';
import { createGatewayServer } from './http/gateway-server.js';
import { loadSiteBuild, SiteBuildMissingError, type SiteBuild } from './modules/site/site-build.js';

let config: GatewayConfig;
try {
  config = loadGatewayConfig();
} catch (error) {
  exitOnConfigError(error, 'gateway');
}

const logger = createLogger({ name: 'gateway', level: config.logLevel });

let site: SiteBuild;
try {
  site = await loadSiteBuild(config.webDistDir);
} catch (error) {
  if (!(error instanceof SiteBuildMissingError)) throw error;
  process.stderr.write(`gateway: ${error.message}\n`);
  process.exit(1);
}

const gateway = createGateway({ config, logger, site });
const server = createGatewayServer(gateway);

handleLifecycle({ logger, timeoutMs: config.shutdownTimeoutMs, server, resources: [{ name: 'upstream connections', close: gateway.close }] });

server.listen(config.http.port, config.http.host, () => {
  logger.info(
    { port: config.http.port, host: config.http.host, upstreams: config.upstreams, webDistDir: config.webDistDir },
    'gateway listening',
  );
});
server.on('error', (error) => {
  logger.fatal({ err: error }, 'cannot listen');
  process.exit(1);
});
