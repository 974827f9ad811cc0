import type pg from 'pg';
import { inTransaction } from '@mmdm/shared/db';
import { AppError } from '@mmdm/shared/errors';
import type { StaffClaims } from '@mmdm/shared/tokens';
import type { EnrolmentAnswer } from '@mmdm/contracts/auth';
import type { Revocation } from '../../lib/revocation.js';
import type { TokenIssuer } from '../session/session.service.js';
import type { StaffAccount } from '../staff/staff.service.js';
import { REAUTH_WINDOW_SECONDS, type MfaChallenges } from './mfa-challenges.js';

const reauthRequired = () =>
  new AppError(
    403,
    'reauth_required',
    'To change how you sign in, confirm it is you: enter your password or a code from your authenticator app.',
  );

/**
 * A session may change factors only if its owner proved themselves within the last 5 minutes: at sign-in
 * (`auth_time`) or through POST /me/reauth. Undefined claims: an enrolment token, which a password gave moments
 * ago for enrolling and nothing else.
 */
export function createRecentAuthentication(challenges: Pick<MfaChallenges, 'hasReauth'>) {
  return {
    async assert(claims: StaffClaims | undefined): Promise<void> {
      if (!claims) return;
      if (claims.authTime >= Math.floor(Date.now() / 1000) - REAUTH_WINDOW_SECONDS) return;
      if (await challenges.hasReauth(claims.jti)) return;
      throw reauthRequired();
    },
  };
}

export type RecentAuthentication = ReturnType<typeof createRecentAuthentication>;

export interface EnrolmentDeps {
  pool: pg.Pool;
  revocation: Revocation;
  issueToken: TokenIssuer;
  /** Codes for an account that has none left (see RecoveryCodesService.issueIfNone), in the enrolment's transaction. */
  issueRecoveryCodes: (staffId: string, client: pg.PoolClient) => Promise<string[]>;
}

/**
 * An enrolment changes what signing in takes, so every other session ends (the generation rises). The enrolling
 * session goes on with the same jti, expiry and time of authentication, now also showing the new factor in `amr`:
 * an enrolment never lengthens a session (a stolen token cannot renew itself by enrolling). Enrolling with an
 * enrolment token (a required factor, right after the password) is the sign-in itself: it gets a new session.
 * The recovery codes come with the first factor and are shown only here. `store` writes the factor itself (what it returns comes back as `stored`): it, the
 * recovery codes and the end of the other sessions are one transaction, all or nothing (as a removal is).
 */
export function createEnrolmentFinisher({ pool, revocation, issueToken, issueRecoveryCodes }: EnrolmentDeps) {
  return async <Stored>(
    account: StaffAccount,
    claims: StaffClaims | undefined,
    factorAmr: string,
    store: (client: pg.PoolClient) => Promise<Stored>,
  ): Promise<{ answer: EnrolmentAnswer; stored: Stored }> => {
    const { stored, recoveryCodes } = await inTransaction(pool, async (client) => {
      const factor = await store(client);
      const codes = await issueRecoveryCodes(account.id, client);
      await revocation.endSessions(account.id, claims?.jti, client);
      return { stored: factor, recoveryCodes: codes };
    });
    const generation = await revocation.currentGeneration(account.id);
    const session = claims
      ? await issueToken(account, generation, {
          amr: [...new Set([...claims.amr, factorAmr])],
          continues: { jti: claims.jti, exp: claims.exp, authTime: claims.authTime },
        })
      : await issueToken(account, generation, { amr: ['pwd', factorAmr] });
    return { answer: { session, recoveryCodes }, stored };
  };
}

export type FinishEnrolment = ReturnType<typeof createEnrolmentFinisher>;
