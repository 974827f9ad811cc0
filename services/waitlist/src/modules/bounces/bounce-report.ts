/** Where a bounce or complaint came from: the SMTP answer at send time, the bounce mailbox, or a provider's webhook. */
export type BounceFeed = 'smtp' | 'mailbox' | 'ses' | 'postmark';

/** The feeds whose reports arrive later and carry an id of their own (so each is applied once). */
export type ReportFeed = Exclude<BounceFeed, 'smtp'>;

/**
 * What a report says about one recipient: `hard` (permanent failure: RFC 3464 Status 5.x.x, SES Permanent, Postmark
 * HardBounce), `soft` (a temporary one: counts towards the soft-bounce rule), `complaint` (the person marked the mail
 * as spam: RFC 5965 feedback report, SES Complaint, Postmark SpamComplaint).
 */
export type BounceKind = 'hard' | 'soft' | 'complaint';

export interface BounceReport {
  email: string;
  kind: BounceKind;
  /** A short reason for staff and logs (a status code, a provider's type); never the message itself. */
  detail: string;
}
