import type { ReviewDecision } from '@mmdm/contracts/abuse-admin';
import { AppError } from '@mmdm/shared/errors';
import type pg from 'pg';
import { inTransaction } from '../../lib/db.js';
import { entriesReadOf, type AuditActor, type AuditService } from '../audit/audit.service.js';
import { deleteDomainRule, listDomainRules, upsertDomainRule } from './domain-rules.repository.js';
import type { DomainCheck } from './domain-check.js';
import { decideCredit, lockCreditOf, reviewCounts, reviewQueue, setReviewState } from './review.repository.js';

export interface ReviewServiceDeps {
  pool: pg.Pool;
  /** REFERRAL_MAX_CREDITS: an approved credit past the cap is refused like any other. */
  maxCredits: number;
  /** Moves a referrer by `delta` credits (and its place with them) in the caller's transaction: the places module. */
  creditReferrer(client: pg.PoolClient, referrerId: string, delta: number): Promise<void>;
  domains: DomainCheck;
  /** Every decision and read of the queue is recorded here. */
  audit: AuditService;
}

const QUEUE_LIMIT = 200;
const NO_ENTRY = () => new AppError(404, 'not_found', 'No such entry.');

/** What a decision did, for the audit log. */
export interface DecisionOutcome {
  entryId: string;
  credit: 'granted' | 'refused' | 'revoked' | 'unchanged';
  referrerId: string | null;
}

export function createReviewService({ pool, maxCredits, creditReferrer, domains, audit }: ReviewServiceDeps) {
  /**
   * Rejecting an entry: it is marked rejected (it holds no place) and the credit it gave never counts: a held one is
   * refused, a granted one revoked and its referrer moves back.
   */
  async function reject(client: pg.PoolClient, entryId: string, staffSub: string): Promise<DecisionOutcome> {
    if (!(await setReviewState(client, entryId, 'rejected'))) throw NO_ENTRY();
    const credit = await lockCreditOf(client, entryId);
    if (!credit || credit.state === 'refused' || credit.state === 'revoked') {
      return { entryId, credit: 'unchanged', referrerId: credit?.referrerId ?? null };
    }
    if (credit.state === 'granted') {
      await decideCredit(client, credit.id, 'revoked', 'rejected_in_review', staffSub);
      await creditReferrer(client, credit.referrerId, -1);
      return { entryId, credit: 'revoked', referrerId: credit.referrerId };
    }
    await decideCredit(client, credit.id, 'refused', 'rejected_in_review', staffSub);
    return { entryId, credit: 'refused', referrerId: credit.referrerId };
  }

  return {
    async count() {
      const { entries, credits } = await reviewCounts(pool);
      return { entries, credits, total: entries + credits };
    },

    /** The queue. It shows addresses: the read is audited with the entries it showed, before it is answered. */
    async queue(actor: AuditActor) {
      const { entries, credits } = await reviewQueue(pool, QUEUE_LIMIT);
      const shown = [
        ...entries.map((entry) => entry.id),
        ...credits.flatMap((credit) => [credit.referredId, credit.referrerId]),
      ];
      await audit.read(actor, 'review_queue.read', entriesReadOf(shown));
      return {
        entries: entries.map((row) => ({
          id: Number(row.id),
          email: row.email,
          status: row.status,
          reasons: row.reasons ?? [],
          createdAt: row.createdAt.toISOString(),
        })),
        credits: credits.map((row) => ({
          referredId: Number(row.referredId),
          referredEmail: row.referredEmail,
          referrerId: Number(row.referrerId),
          referrerEmail: row.referrerEmail,
          rule: row.rule ?? 'held',
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    /** A flagged entry: approve (it stays as it is, out of the queue) or reject; with its audit row. */
    async decideEntry(entryId: string, decision: ReviewDecision, actor: AuditActor): Promise<DecisionOutcome> {
      return inTransaction(pool, async (client) => {
        let outcome: DecisionOutcome;
        if (decision === 'reject') outcome = await reject(client, entryId, actor.actorSub);
        else if (!(await setReviewState(client, entryId, 'approved'))) throw NO_ENTRY();
        else outcome = { entryId, credit: 'unchanged', referrerId: null };
        const action = decision === 'approve' ? 'review.entry_approve' : 'review.entry_reject';
        await audit.change(client, actor, action, entryId, { ...outcome });
        return outcome;
      });
    },

    /**
     * A held credit: approve grants it (the referrer's place improves at once) unless the referrer reached the cap
     * meanwhile (409 `cap_reached`, nothing changed); reject marks the referred entry rejected and refuses the credit.
     */
    async decideCredit(referredId: string, decision: ReviewDecision, actor: AuditActor): Promise<DecisionOutcome> {
      return inTransaction(pool, async (client) => {
        const credit = await lockCreditOf(client, referredId);
        if (!credit || credit.state !== 'held') throw new AppError(404, 'not_found', 'This entry has no held credit.');
        let outcome: DecisionOutcome;
        if (decision === 'reject') outcome = await reject(client, referredId, actor.actorSub);
        else if (credit.referrerCredits >= maxCredits) {
          throw new AppError(409, 'cap_reached', 'The referrer already has the most credits anyone may have.');
        } else {
          await decideCredit(client, credit.id, 'granted', 'approved_in_review', actor.actorSub);
          await creditReferrer(client, credit.referrerId, 1);
          outcome = { entryId: referredId, credit: 'granted', referrerId: credit.referrerId };
        }
        const action = decision === 'approve' ? 'review.credit_approve' : 'review.credit_reject';
        await audit.change(client, actor, action, referredId, { ...outcome });
        return outcome;
      });
    },

    async domainRules() {
      const rows = await listDomainRules(pool);
      return {
        items: rows.map((row) => ({
          domain: row.domain,
          rule: row.rule,
          createdAt: row.createdAt.toISOString(),
          createdBy: row.createdBy,
        })),
      };
    },

    /** A domain on the deny or allow list, with its audit row; the sign-up checks see it once it is committed. */
    async setDomainRule(domain: string, rule: 'deny' | 'allow', actor: AuditActor) {
      const row = await inTransaction(pool, async (client) => {
        const saved = await upsertDomainRule(client, domain, rule, actor.actorSub);
        await audit.change(client, actor, 'domain_rule.set', domain, { rule });
        return saved;
      });
      await domains.reload();
      return { domain: row.domain, rule: row.rule, createdAt: row.createdAt.toISOString(), createdBy: row.createdBy };
    },

    async deleteDomainRule(domain: string, actor: AuditActor): Promise<void> {
      await inTransaction(pool, async (client) => {
        if (!(await deleteDomainRule(client, domain))) throw new AppError(404, 'not_found', 'No rule for this domain.');
        await audit.change(client, actor, 'domain_rule.delete', domain);
      });
      await domains.reload();
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
