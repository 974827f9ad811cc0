import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../openapi.js';
import { ALL_CALLS } from './index.js';
import { expressPath, fillPath, pathParamNames, STAFF_API_PREFIX } from './define-call.js';

describe('the declared calls', () => {
  it('are exactly the operations of the OpenAPI document', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, { operationId: string }>>;
    const documented = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => `${method} ${path} ${operation.operationId}`),
    );
    const declared = ALL_CALLS.map((call) => `${call.method} ${call.path} ${call.operationId}`);
    expect([...documented].sort()).toEqual([...declared].sort());
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('have one operationId and one method and path each', () => {
    expect(new Set(ALL_CALLS.map((call) => call.operationId)).size).toBe(ALL_CALLS.length);
    expect(new Set(ALL_CALLS.map((call) => `${call.method} ${call.path}`)).size).toBe(ALL_CALLS.length);
  });

  it('describe every {name} of their path, and nothing else', () => {
    for (const call of ALL_CALLS) {
      expect(Object.keys(call.params ?? {}).sort(), call.operationId).toEqual(pathParamNames(call.path).sort());
    }
  });

  it('live under the staff prefix when a staff token is needed (the services mount their staff routers there)', () => {
    const staffCalls = ALL_CALLS.filter((call) => call.access !== 'public');
    expect(staffCalls.length).toBeGreaterThan(0);
    for (const call of staffCalls) expect(call.path.startsWith(`${STAFF_API_PREFIX}/`), call.operationId).toBe(true);
  });

  it('give each side its form of the path', () => {
    expect(expressPath('/api/admin/waitlist/messages/{id}/handled')).toBe('/api/admin/waitlist/messages/:id/handled');
    expect(fillPath('/api/admin/waitlist/domain-rules/{domain}', { domain: 'a b/c' })).toBe(
      '/api/admin/waitlist/domain-rules/a%20b%2Fc',
    );
    expect(() => fillPath('/api/admin/staff/{id}', {})).toThrow(/no value/);
  });
});
