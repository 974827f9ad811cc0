import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '@mmdm/contracts/audit';
import { describeActor, describeAuditEvent } from './describe-audit.js';

const record = (overrides: Partial<AuditRecord>): AuditRecord => ({
  id: '1',
  at: '2026-11-28T09:00:00.000Z',
  action: 'entries.list',
  ...overrides,
});
const staff = new Map([['7f3c9a10-0000-4000-8000-000000000001', 'ana@staff.example']]);
const staffEmail = (id: string) => staff.get(id);

describe('the audit log in words', () => {
  it.each([
    [
      { action: 'entries.list', details: { status: 'pending', order: 'asc' } },
      'Listed entries',
      'status pending, oldest first',
    ],
    [{ action: 'city.create', target: '4', details: { name: 'Lisbon' } }, 'Created city Lisbon', undefined],
    [{ action: 'entries.export', details: { status: null, q: null } }, 'Exported entries as CSV', undefined],
    [{ action: 'entry.delete', target: '42' }, 'Deleted entry #42', undefined],
    [
      { action: 'wave.invite', target: '3', details: { requested: 10, invited: 8, city: null } },
      'Sent wave #3 to all cities',
      'invited 8 of 10 asked for',
    ],
    [{ action: 'message.read', target: '9' }, 'Read message #9', undefined],
    [{ action: 'login.succeeded' }, 'Signed in', undefined],
    [
      { action: 'staff.created', target: 'x', details: { email: 'bo@staff.example', role: 'viewer' } },
      'Created staff account bo@staff.example',
      'role viewer',
    ],
    [
      { action: 'staff.updated', target: '7f3c9a10-0000-4000-8000-000000000001', details: { changes: {} } },
      'Changed staff account ana@staff.example',
      undefined,
    ],
  ])('%o reads "%s"', (fields, what, detail) => {
    expect(describeAuditEvent(record(fields), staffEmail)).toEqual({ what, detail });
  });

  it('keeps the code of an action it does not know, with its details', () => {
    expect(describeAuditEvent(record({ action: 'new.thing', details: { a: 1 } }), staffEmail)).toEqual({
      what: 'new.thing',
      detail: 'a: 1',
    });
  });
});

describe('who acted', () => {
  it('is the address the row carries, else the staff list’s address for its account, never a bare id', () => {
    expect(describeActor(record({ actorSub: 'x', actorEmail: 'cy@staff.example' }), staffEmail)).toBe(
      'cy@staff.example',
    );
    expect(describeActor(record({ actorSub: '7f3c9a10-0000-4000-8000-000000000001' }), staffEmail)).toBe(
      'ana@staff.example',
    );
    expect(describeActor(record({ actorSub: 'retention' }), staffEmail)).toBe('Automatic retention');
    expect(describeActor(record({ actorSub: 'self-service' }), staffEmail)).toBe('The person themselves');
    expect(describeActor(record({ actorSub: 'cli' }), staffEmail)).toBe('Operator (command line)');
  });
});
