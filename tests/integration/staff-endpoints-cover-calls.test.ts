import { ALL_CALLS } from '@mmdm/contracts/calls/index';
import { describe, expect, it } from 'vitest';
import { STAFF_ENDPOINTS } from '../faults/support/staff-endpoints.js';

/** `/api/admin/staff/{id}` matches `/api/admin/staff/<anything but a slash>`. */
function matches(template: string, path: string): boolean {
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(path.split('?')[0]!);
}

describe('the fault suite forges tokens against every staff call', () => {
  it('lists each declared call behind a staff token in STAFF_ENDPOINTS, so a new staff call is attacked too', () => {
    const missing = ALL_CALLS.filter((call) => call.access !== 'public')
      .filter(
        (call) =>
          !STAFF_ENDPOINTS.some(
            (endpoint) => endpoint.method === call.method.toUpperCase() && matches(call.path, endpoint.path),
          ),
      )
      .map((call) => `${call.method.toUpperCase()} ${call.path}`);
    expect(missing).toEqual([]);
  });
});
