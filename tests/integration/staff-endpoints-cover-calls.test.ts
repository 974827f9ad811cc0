import { ALL_CALLS } from '@mmdm/contracts/calls/index';
import { describe, expect, it } from 'vitest';
import { declaredCallOf, STAFF_ENDPOINTS } from '../faults/support/staff-endpoints.js';

describe('the fault suite forges tokens against every staff call', () => {
  it('lists each declared call behind a staff token in STAFF_ENDPOINTS, so a new staff call is attacked too', () => {
    const listed = new Set(STAFF_ENDPOINTS.map(declaredCallOf));
    const missing = ALL_CALLS.filter((call) => call.access !== 'public' && !listed.has(call)).map(
      (call) => `${call.method.toUpperCase()} ${call.path}`,
    );
    expect(missing).toEqual([]);
  });

  it('lists nothing that is not a declared call', () => {
    const undeclared = STAFF_ENDPOINTS.filter((endpoint) => !declaredCallOf(endpoint)).map(
      (endpoint) => `${endpoint.method} ${endpoint.path}`,
    );
    expect(undeclared).toEqual([]);
  });
});
