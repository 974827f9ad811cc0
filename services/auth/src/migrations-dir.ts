import { fileURLToPath } from 'node:url';

/** services/auth/migrations, from src/ (tsx, tests) and from dist/ (built) alike. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));
