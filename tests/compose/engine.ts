import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** How this machine runs `docker compose`: Compose v2, or the 1.29 wrapper beside the repository. */
export interface Engine {
  /** The command and its first arguments, run from the folder holding docker-compose.yml. */
  compose: string[];
  description: string;
}

function works(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: 'ignore', timeout: 20_000 });
  return result.status === 0;
}

/**
 * A Docker engine and a way to run compose on it, or the reason there is none. Prefers Compose v2 (real images);
 * where only docker-compose 1.29 is installed, ../shared/container-engine/compose.sh (beside the repository in CI)
 * plays `docker compose`.
 */
export function findEngine(repoRoot: string): Engine | { missing: string } {
  if (!works('docker', ['info'])) {
    return {
      missing:
        'no Docker engine answers `docker info` (CI brings one up with ../shared/container-engine/setup-engine.sh)',
    };
  }
  if (works('docker', ['compose', 'version']))
    return { compose: ['docker', 'compose'], description: 'docker compose (v2)' };
  const wrapper = join(repoRoot, '..', 'shared', 'container-engine', 'compose.sh');
  if (existsSync(wrapper) && works('docker-compose', ['version'])) {
    return { compose: [wrapper], description: `docker-compose 1.29 through ${wrapper}` };
  }
  return {
    missing: `a Docker engine runs but neither \`docker compose\` (v2) nor docker-compose with ${wrapper} is there`,
  };
}
