// The staff's review queue and domain lists (/api/admin/waitlist/review, /domain-rules): what the service accepts and
// the answers the panel reads. Classic zod, like ./launch-admin.
import { z } from 'zod';

/** Why an entry was flagged or a credit held: the rule's name (see the service's referral-rules and domain check). */
export const REVIEW_REASONS = {
  dns_unavailable: 'The DNS did not answer in time when this address signed up',
  same_network: 'Many referred sign-ups from one network',
  same_device: 'Many referred sign-ups from one device',
  alias: 'An alias of another address referred by the same person',
  burst: 'Far more referrals than this referrer usually brings',
} as const;

export const reviewEntrySchema = z.object({
  id: z.number(),
  email: z.string(),
  status: z.string(),
  reasons: z.array(z.string()),
  createdAt: z.string(),
});

export const heldCreditSchema = z.object({
  referredId: z.number(),
  referredEmail: z.string(),
  referrerId: z.number(),
  referrerEmail: z.string(),
  rule: z.string(),
  createdAt: z.string(),
});

/** 200 of GET /review: flagged entries and held credits, oldest first (at most 200 each). */
export const reviewQueueSchema = z.object({
  entries: z.array(reviewEntrySchema),
  credits: z.array(heldCreditSchema),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

/** 200 of GET /review/count: how many wait for a decision, and nothing about who (polled by every staff screen). */
export const reviewCountSchema = z.object({
  entries: z.number().int().min(0),
  credits: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type ReviewCount = z.infer<typeof reviewCountSchema>;

/** The `{id}` of a review decision's path. */
export const reviewIdParam = z.string().regex(/^\d{1,18}$/, 'An entry id is a number.');

export const reviewDecisionBody = z.strictObject({ decision: z.enum(['approve', 'reject']) });
export type ReviewDecision = z.output<typeof reviewDecisionBody>['decision'];

export const DOMAIN_MAX_LENGTH = 253;
/** A domain name in lower case (an address's part after the @). */
export const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(DOMAIN_MAX_LENGTH)
  .regex(
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/,
    'A domain looks like example.com (letters, digits, hyphens and dots).',
  );

export const domainRuleBody = z.strictObject({ domain: domainName, rule: z.enum(['deny', 'allow']) });

export const domainRuleSchema = z.object({
  domain: z.string(),
  rule: z.enum(['deny', 'allow']),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export const domainRulesSchema = z.object({ items: z.array(domainRuleSchema) });
export type DomainRule = z.infer<typeof domainRuleSchema>;
