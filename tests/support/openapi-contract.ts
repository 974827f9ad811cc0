import { openApiDocument } from '@mmdm/contracts/openapi';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { Answer } from './http.js';

/*
 * The contract check: every answer a service test receives must be one the OpenAPI document describes (the status
 * for that operation, and a body matching its schema), so the document cannot drift from the code. Paths and
 * methods the document does not describe (health, metrics, made-up endpoints a test probes) are not checked here.
 */

type JsonObject = Record<string, unknown>;

interface Operation {
  responses: Record<string, JsonObject>;
}

const document = openApiDocument() as {
  paths: Record<string, Record<string, Operation>>;
  components: JsonObject;
};

// Formats are left to the zod schemas (the address rule, calendar dates): JSON Schema's `format` is an annotation.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const validators = new Map<string, ValidateFunction>();

const templates = Object.keys(document.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** A local `#/...` reference of the document, resolved (the document's references are one level deep). */
function resolve(node: JsonObject): JsonObject {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  let target: unknown = document;
  for (const part of ref.slice(2).split('/'))
    target = (target as JsonObject)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return resolve(target as JsonObject);
}

function templateOf(path: string): string | undefined {
  const bare = path.split('?')[0] ?? path;
  return (templates.find(({ template }) => template === bare) ?? templates.find(({ pattern }) => pattern.test(bare)))
    ?.template;
}

/** The part of an answer (tests/support/http.ts) the check reads. */
export type ReceivedAnswer = Pick<Answer, 'status' | 'headers' | 'body'>;

/**
 * What is wrong with this answer by the document, or undefined when it matches (or the document does not describe
 * the path and method).
 */
export function contractProblemOf(method: string, path: string, answer: ReceivedAnswer): string | undefined {
  const template = templateOf(path);
  const verb = method.toLowerCase();
  const operation = template ? document.paths[template]?.[verb === 'head' ? 'get' : verb] : undefined;
  if (!template || !operation) return undefined;
  const where = `${method.toUpperCase()} ${template} → ${answer.status}`;

  const documented = operation.responses[String(answer.status)];
  if (!documented) return `${where}: the document does not list this status for the operation`;
  const response = resolve(documented);
  const content = response.content as Record<string, { schema?: JsonObject }> | undefined;
  if (!content || verb === 'head') return undefined;

  const received = (answer.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
  const media = content[received];
  if (!media)
    return `${where}: content type ${received || '(none)'}, the document says ${Object.keys(content).join(', ')}`;
  if (received !== 'application/json' || !media.schema) return undefined;

  const key = `${verb} ${template} ${answer.status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(resolve(media.schema));
    validators.set(key, validate);
  }
  if (validate(answer.body)) return undefined;
  const errors = (validate.errors ?? [])
    .map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`)
    .join('; ');
  return `${where}: the body does not match the document (${errors}): ${JSON.stringify(answer.body).slice(0, 300)}`;
}

/** Throws when the answer is not one the document describes; the service harnesses call it on every answer their tests receive. */
export function expectAnswerInDocument(method: string, path: string, answer: ReceivedAnswer): void {
  const problem = contractProblemOf(method, path, answer);
  if (problem) throw new Error(`OpenAPI contract: ${problem}`);
}
