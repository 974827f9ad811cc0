import { emailKey } from '@mmdm/contracts/email';
import { mailLinks } from '@mmdm/contracts/web-paths';
import type { ConfirmedEntry, SignupInput } from '@mmdm/contracts/waitlist';
import { AppError } from '@mmdm/shared/errors';
import type pg from 'pg';
import { inTransaction, isUniqueViolation } from '../../lib/db.js';
import { suppress, suppressionHash } from '../../lib/suppression.js';
import { hashToken, newReferralCode } from '../../lib/tokens.js';
import {
  confirmEntry,
  findToken,
  findTokenForUpdate,
  insertSignup,
  markTokenUsed,
  queueResendByToken,
  unsubscribeEntry,
  type TokenRow,
} from './signup.repository.js';
import type { SignupMetrics } from './signup.metrics.js';

export interface SignupServiceDeps {
  pool: pg.Pool;
  publicUrl: string;
  resendCooldownSeconds: number;
  /** Unsubscribing puts the address on the suppression list, keyed by this. */
  suppressionKey: string;
  metrics: SignupMetrics;
}

/** What a confirmation link stands for right now, as its page shows it before and after the click. */
export type ConfirmationStatus =
  | ({ status: 'pending' } & Pick<ConfirmedEntry, 'email'>)
  | ({ status: 'confirmed' } & ConfirmedEntry);

export function createSignupService({ pool, publicUrl, resendCooldownSeconds, suppressionKey, metrics }: SignupServiceDeps) {
  const shareUrlOf = (code: string) => mailLinks.share(publicUrl, code);

  /** A confirmation link's token: confirmed already, or still to confirm; anything else is refused as the client's. */
  function confirmableState(
    token: TokenRow | undefined,
  ): { status: 'confirmed'; entry: ConfirmedEntry } | { status: 'pending'; entryId: string; email: string } {
    if (!token || token.purpose !== 'confirm' || token.status === 'unsubscribed') {
      throw new AppError(404, 'token_invalid', 'This confirmation link is not valid. Sign up again to get a new one.');
    }
    if (token.status === 'confirmed' && token.referralCode) {
      const entry = { email: token.email, referralCode: token.referralCode, shareUrl: shareUrlOf(token.referralCode) };
      return { status: 'confirmed', entry };
    }
    if (token.usedAt) {
      throw new AppError(409, 'token_used', 'This link has already been used. Ask for a new confirmation e-mail.');
    }
    if (token.expired) {
      throw new AppError(
        410,
        'token_expired',
        'This confirmation link has expired. Ask for a new confirmation e-mail.',
      );
    }
    return { status: 'pending', entryId: token.entryId, email: token.email };
  }

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
      metrics.signups.inc();
    },

    /**
     * Reads what the link stands for, changing nothing: the confirmation page shows it and asks for a click before
     * it confirms, since mail scanners open links and run their scripts. Refusals are those of `confirm`, except
     * that an already confirmed address is a status to show, not a conflict.
     */
    async confirmationStatus(rawToken: string): Promise<ConfirmationStatus> {
      const state = confirmableState(await findToken(pool, hashToken(rawToken)));
      return state.status === 'confirmed'
        ? { status: 'confirmed', ...state.entry }
        : { status: 'pending', email: state.email };
    },

    async confirm(rawToken: string): Promise<ConfirmedEntry> {
      const hash = hashToken(rawToken);
      for (let attempt = 0; ; attempt++) {
        try {
          const confirmed = await inTransaction(pool, async (client) => {
            const token = await findTokenForUpdate(client, hash);
            const state = confirmableState(token);
            if (state.status === 'confirmed') {
              // The page still shows the code, so a second click is not a dead end.
              throw new AppError(409, 'token_used', 'This address is already confirmed.', { data: state.entry });
            }
            const referralCode = newReferralCode();
            await confirmEntry(client, state.entryId, referralCode);
            await markTokenUsed(client, hash);
            return { email: state.email, referralCode, shareUrl: shareUrlOf(referralCode) };
          });
          metrics.confirmations.inc();
          return confirmed;
        } catch (error) {
          // 40 random bits collide rarely; draw again rather than fail the person's click.
          if (isUniqueViolation(error, 'entries_referral_code_key') && attempt < 5) continue;
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
        // Kept after the entry is erased: the address is never mailed again unless the person signs up anew.
        await suppress(client, suppressionHash(suppressionKey, token.email), 'unsubscribed', 'unsubscribe link');
      });
    },
  };
}

export type SignupService = ReturnType<typeof createSignupService>;
