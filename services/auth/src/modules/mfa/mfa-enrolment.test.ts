import { describe, expect, it } from 'vitest';
import type { Revocation } from '../../lib/revocation.js';
import { createStaff, useAuthService } from '../../testing/auth-harness.js';
import type { StaffAccount } from '../staff/staff.service.js';
import { createEnrolmentFinisher } from './mfa-enrolment.js';
import * as repository from './mfa.repository.js';

const auth = useAuthService();

describe('finishing an enrolment', () => {
  it('stores nothing when the other sessions cannot be ended: factor, codes and sessions are one transaction', async () => {
    const member = await createStaff(auth);
    const account: StaffAccount = {
      ...member,
      disabled: false,
      createdAt: new Date(),
      updatedAt: new Date(),
      lastLoginAt: null,
    };
    const revocation = {
      endSessions: async () => {
        throw new Error('Redis is down');
      },
    } as unknown as Revocation;
    const finish = createEnrolmentFinisher({
      pool: auth.pool,
      revocation,
      issueToken: () => Promise.reject(new Error('no token may be issued')),
      issueRecoveryCodes: async (staffId, client) => {
        await repository.replaceRecoveryCodes(client, staffId, ['a-hash']);
        return ['a-code'];
      },
    });

    await expect(
      finish(account, undefined, 'otp', (client) => repository.insertTotp(client, account.id, 'sealed', 1)),
    ).rejects.toThrow('Redis is down');

    const summary = await repository.factorSummary(auth.pool, account.id);
    expect(summary).toMatchObject({ totp: false, passkeys: 0, recoveryCodesLeft: 0 });
  });
});
