import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, env, loadConfig } from './config.js';

const schema = z.object({
  PORT: env.port(8080),
  DATABASE_URL: env.url('postgres://localhost/db', ['postgres:']),
  DEBUG: env.bool(false),
});

describe('loadConfig', () => {
  it('applies defaults and treats empty strings as unset', () => {
    const config = loadConfig(schema, { PORT: '', DEBUG: 'yes' });
    expect(config).toEqual({ PORT: 8080, DATABASE_URL: 'postgres://localhost/db', DEBUG: true });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('names every bad variable in one error', () => {
    const attempt = () => loadConfig(schema, { PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      expect((error as ConfigError).problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'DATABASE_URL']);
    }
  });
});
