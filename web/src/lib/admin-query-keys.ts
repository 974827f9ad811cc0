/**
 * Every admin query key starts with 'admin', so signing out can drop the previous staff member's data at once, and
 * each mutation invalidates by the same prefix its queries use.
 */
export const adminKeys = {
  all: ['admin'] as const,
  verify: (token: string) => ['admin', 'verify', token] as const,
  me: ['admin', 'me'] as const,
  staff: ['admin', 'staff'] as const,
  /** The signed-in member's second factors; the policy and everyone's factors (admins). */
  mfa: ['admin', 'mfa'] as const,
  mfaPolicy: ['admin', 'mfa', 'policy'] as const,
  staffMfa: ['admin', 'mfa', 'staff'] as const,
  audit: ['admin', 'audit'] as const,
  authAudit: ['admin', 'audit', 'auth'] as const,
  waitlistAudit: ['admin', 'audit', 'waitlist'] as const,
  waitlist: ['admin', 'waitlist'] as const,
  waitlistStats: ['admin', 'waitlist', 'stats'] as const,
  waitlistEntries: ['admin', 'waitlist', 'entries'] as const,
  waitlistAnalytics: ['admin', 'waitlist', 'analytics'] as const,
  /** Waves, the wave preview, launch figures: what a new wave changes. */
  launch: ['admin', 'waitlist', 'launch'] as const,
  cities: ['admin', 'waitlist', 'cities'] as const,
  mailTemplates: ['admin', 'waitlist', 'mail-templates'] as const,
  mailTemplatePreview: (name: string) => ['admin', 'waitlist', 'mail-templates', name] as const,
  /** The review queue: flagged entries and held credits (a decision changes places and the Users list too). */
  review: ['admin', 'waitlist', 'review'] as const,
  domainRules: ['admin', 'waitlist', 'domain-rules'] as const,
  /**
   * The contact form's messages: the lists (with their count of open ones), and each message. Opening a message is an
   * audited read, so an action on one updates it from its own answer rather than reading it again.
   */
  messages: ['admin', 'waitlist', 'messages'] as const,
  messageLists: ['admin', 'waitlist', 'messages', 'list'] as const,
  message: (id: string) => ['admin', 'waitlist', 'messages', 'one', id] as const,
  /** The app's webhook endpoints, and each one's delivery log (under the same prefix: a change refreshes both). */
  webhooks: ['admin', 'webhooks'] as const,
  webhookDeliveries: (id: string) => ['admin', 'webhooks', 'deliveries', id] as const,
};
