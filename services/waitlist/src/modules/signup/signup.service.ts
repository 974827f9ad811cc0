import { emailKey } from '@mmdm/contracts/email';
import { DEFAULT_LANGUAGE } from '@mmdm/contracts/languages';
import { mailLinks } from '@mmdm/contracts/web-paths';
import type { ConfirmedEntry, SignupInput } from '@mmdm/contracts/waitlist';
import { AppError } from '@mmdm/shared/errors';
import type pg from 'pg';
import { inTransaction, isDeadlock, isUniqueViolation } from '../../lib/db.js';
import { erasedLinkPurpose } from '../../lib/erased-links.repository.js';
import { suppress, suppressionHash } from '../../lib/suppression.repository.js';
import { hashToken, newReferralCode } from '../../lib/tokens.js';
import {
  confirmEntry,
  findToken,
  findTokenForUpdate,
  markTokenUsed,
  queueResendByToken,
  unsubscribeEntry,
  type TokenRow,
} from './signup.repository.js';
import type { SignupMetrics } from './signup.metrics.js';
import { createSignupWriter } from './signup.writer.js';

/** What the abuse defences add to a new entry's row (keyed hashes of its origin; reasons to review it). */
export interface SignupMarks {
  signupNetwork?: Buffer;
  signupDevice?: Buffer;
  reviewReasons?: string[];
}

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
  /** Unsubscribing puts the address on the suppression list, keyed by this. */
  suppressionKey: string;
  metrics: SignupMetrics;
  confirmation?: ConfirmationHooks;
}

/** What a confirmation link stands for right now, as its page shows it before and after the click. */
export type ConfirmationStatus =
  ({ status: 'pending' } & Pick<ConfirmedEntry, 'email'>) | ({ status: 'confirmed' } & ConfirmedEntry);

export function createSignupService({
  pool,
  publicUrl,
  resendCooldownSeconds,
  suppressionKey,
  metrics,
  confirmation,
}: SignupServiceDeps) {
  const writer = createSignupWriter({ db: pool, cooldownSeconds: resendCooldownSeconds });
  const shareUrlOf = (code: string) => mailLinks.share(publicUrl, code);

  /** A confirmation link's token: confirmed already, or still to confirm; anything else is refused as the client's. */
  /** Place, credits and city for the answer, once the entry has a place (read after the commit). */
  const describe = async (entryId: string): Promise<object> => (confirmation ? confirmation.describe(entryId) : {});

  const entryRemoved = () =>
    new AppError(
      410,
      'entry_removed',
      'This entry has been removed from the waitlist. Sign up again to get a new place.',
    );

  /**
   * A confirmation link that finds no live entry: one whose entry unsubscribed or was erased says so (410
   * `entry_removed`), anything else is not a link of ours (404). Only the token's holder can ask.
   */
  async function refuseDeadLink(token: TokenRow | undefined, hash: Buffer): Promise<void> {
    if (token?.purpose === 'confirm' && token.status === 'unsubscribed') throw entryRemoved();
    if (!token && (await erasedLinkPurpose(pool, hash)) === 'confirm') throw entryRemoved();
  }

  function confirmableState(
    token: TokenRow | undefined,
  ):
    | { status: 'confirmed'; entryId: string; entry: ConfirmedEntry }
    | { status: 'pending'; entryId: string; email: string } {
    if (!token || token.purpose !== 'confirm' || token.status === 'unsubscribed') {
      throw new AppError(404, 'token_invalid', 'This confirmation link is not valid. Sign up again to get a new one.');
    }
    // Confirmed, and perhaps invited or admitted since: the address is confirmed either way.
    if (token.status !== 'pending' && token.referralCode) {
      const entry = { email: token.email, referralCode: token.referralCode, shareUrl: shareUrlOf(token.referralCode) };
      return { status: 'confirmed', entryId: token.entryId, entry };
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
    async signUp(input: SignupInput, requestId: string, marks?: SignupMarks): Promise<void> {
      await writer.write({
        ...marks,
        email: input.email,
        // The schema applied the address rule (NFKC, no invisible characters, domain lower-cased).
        emailNormalized: emailKey(input.email),
        referralSource: input.referralSource ?? null,
        requestId,
        language: input.language ?? DEFAULT_LANGUAGE,
        ...(input.ticket ? { ticketHash: hashToken(input.ticket) } : {}),
      });
      metrics.signups.inc();
    },

    /**
     * Reads what the link stands for, changing nothing: the confirmation page shows it and asks for a click before
     * it confirms, since mail scanners open links and run their scripts. Refusals are those of `confirm`, except
     * that an already confirmed address is a status to show, not a conflict.
     */
    async confirmationStatus(rawToken: string): Promise<ConfirmationStatus> {
      const hash = hashToken(rawToken);
      const token = await findToken(pool, hash);
      await refuseDeadLink(token, hash);
      const state = confirmableState(token);
      return state.status === 'confirmed'
        ? { status: 'confirmed', ...state.entry, ...(await describe(state.entryId)) }
        : { status: 'pending', email: state.email };
    },

    async confirm(rawToken: string, requestId: string | null = null): Promise<ConfirmedEntry> {
      const hash = hashToken(rawToken);
      for (let attempt = 0; ; attempt++) {
        try {
          const confirmed = await inTransaction(pool, async (client) => {
            const token = await findTokenForUpdate(client, hash);
            await refuseDeadLink(token, hash);
            const state = confirmableState(token);
            if (state.status === 'confirmed') {
              // The page still shows the code (and the place), so a second click is not a dead end.
              const data = { ...state.entry, ...(await describe(state.entryId)) };
              throw new AppError(409, 'token_used', 'This address is already confirmed.', { data });
            }
            const referralCode = newReferralCode();
            await confirmEntry(client, state.entryId, referralCode);
            await markTokenUsed(client, hash);
            await confirmation?.onConfirmed(client, state.entryId, requestId);
            return { entryId: state.entryId, email: state.email, referralCode, shareUrl: shareUrlOf(referralCode) };
          });
          metrics.confirmations.inc();
          const { entryId, ...entry } = confirmed;
          return { ...entry, ...(await describe(entryId)) };
        } catch (error) {
          // 40 random bits collide rarely; draw again rather than fail the person's click.
          if (isUniqueViolation(error, 'entries_referral_code_key') && attempt < 5) continue;
          // Crediting a referrer while a wave invites them can deadlock on a place bucket: Postgres aborts one.
          if (isDeadlock(error) && attempt < 5) continue;
          throw error;
        }
      }
    },

    async resend(rawToken: string, requestId: string): Promise<void> {
      await queueResendByToken(pool, hashToken(rawToken), resendCooldownSeconds, requestId);
    },

    /**
     * What an unsubscribe link stands for, changing nothing: the address, and whether it is unsubscribed already
     * (the link was used, or the entry has been erased since, when the address is no longer known).
     */
    async unsubscribeLink(rawToken: string): Promise<{ email: string | null; done: boolean }> {
      const hash = hashToken(rawToken);
      const token = await findToken(pool, hash);
      if (!token && (await erasedLinkPurpose(pool, hash)) === 'unsubscribe') return { email: null, done: true };
      if (!token || token.purpose !== 'unsubscribe') {
        throw new AppError(404, 'token_invalid', 'This unsubscribe link is not valid.');
      }
      return { email: token.email, done: token.usedAt !== null || token.status === 'unsubscribed' };
    },

    async unsubscribe(rawToken: string): Promise<void> {
      const hash = hashToken(rawToken);
      await inTransaction(pool, async (client) => {
        const token = await findTokenForUpdate(client, hash);
        // Its entry erased since (retention purges unsubscribed rows): done already, and answered so.
        if (!token && (await erasedLinkPurpose(client, hash)) === 'unsubscribe') return;
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
