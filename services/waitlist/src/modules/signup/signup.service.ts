import { emailKey } from '@mmdm/contracts/email';
import { mailLinks } from '@mmdm/contracts/web-paths';
import type { ConfirmedEntry, SignupInput } from '@mmdm/contracts/waitlist';
import { AppError } from '@mmdm/shared/errors';
import type pg from 'pg';
import { inTransaction, isUniqueViolation } from '../../lib/db.js';
import { hashToken, newReferralCode } from '../../lib/tokens.js';
import {
  confirmEntry,
  findTokenForUpdate,
  insertSignup,
  markTokenUsed,
  queueResendByToken,
  unsubscribeEntry,
} from './signup.repository.js';

/**
 * What happens with a confirmation beyond this module (places in line, referral credit, the welcome mail), wired
 * in by the app so features do not import each other.
 */
export interface ConfirmationHooks {
  /** Runs in the confirmation's transaction, after the entry became confirmed. */
  onConfirmed(client: pg.PoolClient, entryId: string, requestId: string | null): Promise<unknown>;
  /** Fields the confirm answer adds (place, credits, city), read after the commit. */
  describe(entryId: string): Promise<object>;
}

export interface SignupServiceDeps {
  pool: pg.Pool;
  publicUrl: string;
  resendCooldownSeconds: number;
  confirmation?: ConfirmationHooks;
}

export function createSignupService({ pool, publicUrl, resendCooldownSeconds, confirmation }: SignupServiceDeps) {
  const DEADLOCK = '40P01';
  const shareUrlOf = (code: string) => mailLinks.share(publicUrl, code);

  return {
    /** Whether the address was new is deliberately not returned: the answer must not tell. */
    async signUp(input: SignupInput, requestId: string): Promise<void> {
      await insertSignup(pool, {
        email: input.email,
        // The schema applied the address rule (NFKC, no invisible characters, domain lower-cased).
        emailNormalized: emailKey(input.email),
        referralSource: input.referralSource ?? null,
        cooldownSeconds: resendCooldownSeconds,
        requestId,
      });
    },

    async confirm(rawToken: string, requestId: string | null = null): Promise<ConfirmedEntry> {
      const hash = hashToken(rawToken);
      for (let attempt = 0; ; attempt++) {
        try {
          const confirmed = await inTransaction(pool, async (client) => {
            const token = await findTokenForUpdate(client, hash);
            if (!token || token.purpose !== 'confirm' || token.status === 'unsubscribed') {
              throw new AppError(
                404,
                'token_invalid',
                'This confirmation link is not valid. Sign up again to get a new one.',
              );
            }
            if (token.status !== 'pending' && token.referralCode) {
              // The page still shows the code (and the place), so a second click is not a dead end.
              const data = {
                ...(confirmation ? await confirmation.describe(token.entryId) : {}),
                email: token.email,
                referralCode: token.referralCode,
                shareUrl: shareUrlOf(token.referralCode),
              };
              throw new AppError(409, 'token_used', 'This address is already confirmed.', { data });
            }
            if (token.usedAt) {
              throw new AppError(
                409,
                'token_used',
                'This link has already been used. Ask for a new confirmation e-mail.',
              );
            }
            if (token.expired) {
              throw new AppError(
                410,
                'token_expired',
                'This confirmation link has expired. Ask for a new confirmation e-mail.',
              );
            }
            const referralCode = newReferralCode();
            await confirmEntry(client, token.entryId, referralCode);
            await markTokenUsed(client, hash);
            await confirmation?.onConfirmed(client, token.entryId, requestId);
            return { entryId: token.entryId, email: token.email, referralCode, shareUrl: shareUrlOf(referralCode) };
          });
          const { entryId, ...entry } = confirmed;
          return { ...(confirmation ? await confirmation.describe(entryId) : {}), ...entry };
        } catch (error) {
          // 40 random bits collide rarely; draw again rather than fail the person's click.
          if (isUniqueViolation(error, 'entries_referral_code_key') && attempt < 5) continue;
          // Crediting a referrer while a wave invites them can deadlock on a place bucket: Postgres aborts one.
          if ((error as { code?: string }).code === DEADLOCK && attempt < 5) continue;
          throw error;
        }
      }
    },

    async resend(rawToken: string, requestId: string): Promise<void> {
      await queueResendByToken(pool, hashToken(rawToken), resendCooldownSeconds, requestId);
    },

    async unsubscribe(rawToken: string): Promise<void> {
      const hash = hashToken(rawToken);
      await inTransaction(pool, async (client) => {
        const token = await findTokenForUpdate(client, hash);
        if (!token || token.purpose !== 'unsubscribe') {
          throw new AppError(404, 'token_invalid', 'This unsubscribe link is not valid.');
        }
        await unsubscribeEntry(client, token.entryId);
        await markTokenUsed(client, hash);
      });
    },
  };
}

export type SignupService = ReturnType<typeof createSignupService>;
