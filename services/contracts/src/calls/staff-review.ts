// The review queue and the e-mail domain lists (waitlist service).
import { defineCall, BODY_ERRORS, staffErrors, ok, pathParam } from './define-call.js';
import {
  domainName,
  domainRuleBody,
  domainRuleSchema,
  domainRulesSchema,
  reviewCountSchema,
  reviewDecisionBody,
  reviewIdParam,
  reviewQueueSchema,
} from '../abuse-admin.js';
import { messageAnswer } from '../waitlist.js';

const domainParam = pathParam('A domain name, e.g. example.com.', domainName);

export const getReviewQueue = defineCall({
  method: 'get',
  path: '/api/admin/waitlist/review',
  operationId: 'getReviewQueue',
  tag: 'staff-review',
  summary: 'The review queue',
  description:
    'Entries flagged at sign-up (`reasons`, e.g. `dns_unavailable`) and referral credits held by a fraud rule (`rule`: `same_network`, `same_device`, `alias`, `burst`), oldest first, at most 200 each.',
  access: 'viewer',
  answers: ok('The queue.', reviewQueueSchema),
  errors: staffErrors('viewer'),
});

export const getReviewCount = defineCall({
  method: 'get',
  path: '/api/admin/waitlist/review/count',
  operationId: 'getReviewCount',
  tag: 'staff-review',
  summary: 'How many wait in the review queue',
  description:
    'Counts of flagged entries and held credits, no address: the panel shows it in its side menu and on the dashboard, refreshed every 10 s, so it reads no personal data and is not audited.',
  access: 'viewer',
  answers: ok('The counts.', reviewCountSchema),
  errors: staffErrors('viewer'),
});

export const decideEntry = defineCall({
  method: 'post',
  path: '/api/admin/waitlist/review/entries/{id}',
  operationId: 'decideEntry',
  tag: 'staff-review',
  summary: 'Approve or reject an entry',
  description:
    'Approve: the entry leaves the queue as it is. Reject: it is marked rejected (it holds no place) and the credit it gave never counts (a held one is refused, a granted one revoked). Audited.',
  access: 'admin',
  params: { id: pathParam('An entry id.', reviewIdParam) },
  body: reviewDecisionBody,
  answers: ok('Decided.', messageAnswer),
  errors: [...BODY_ERRORS, 404, ...staffErrors('admin')],
});

export const decideHeldCredit = defineCall({
  method: 'post',
  path: '/api/admin/waitlist/review/credits/{id}',
  operationId: 'decideHeldCredit',
  tag: 'staff-review',
  summary: 'Approve or reject a held credit',
  description:
    'Approve: the credit is granted and the referrer moves up at once (409 `cap_reached` past REFERRAL_MAX_CREDITS). Reject: the referred entry is marked rejected and the credit never counts. Audited.',
  access: 'admin',
  params: { id: pathParam('The referred entry whose credit is held.', reviewIdParam) },
  body: reviewDecisionBody,
  answers: ok('Decided.', messageAnswer),
  errors: [...BODY_ERRORS, 404, 409, ...staffErrors('admin')],
});

export const listDomainRules = defineCall({
  method: 'get',
  path: '/api/admin/waitlist/domain-rules',
  operationId: 'listDomainRules',
  tag: 'staff-review',
  summary: "Staff's deny and allow lists of e-mail domains",
  description:
    'Beside the packaged throwaway-domain list: `deny` refuses a domain and its subdomains, `allow` accepts one.',
  access: 'viewer',
  answers: ok('The rules.', domainRulesSchema),
  errors: staffErrors('viewer'),
});

export const setDomainRule = defineCall({
  method: 'post',
  path: '/api/admin/waitlist/domain-rules',
  operationId: 'setDomainRule',
  tag: 'staff-review',
  summary: 'Deny or allow a domain',
  description: "Adds the rule or changes the domain's rule; every API process applies it within 5 s. Audited.",
  access: 'admin',
  body: domainRuleBody,
  answers: { 201: { description: 'Saved.', schema: domainRuleSchema } },
  errors: [...BODY_ERRORS, ...staffErrors('admin')],
});

export const deleteDomainRule = defineCall({
  method: 'delete',
  path: '/api/admin/waitlist/domain-rules/{domain}',
  operationId: 'deleteDomainRule',
  tag: 'staff-review',
  summary: "Remove a domain's rule",
  description: 'The packaged list and the DNS check decide again. Audited.',
  access: 'admin',
  params: { domain: domainParam },
  answers: { 204: { description: 'Removed.' } },
  errors: [400, 404, ...staffErrors('admin')],
});

/** In the order the document lists them. */
export const STAFF_REVIEW_CALLS = [
  getReviewQueue,
  getReviewCount,
  decideEntry,
  decideHeldCredit,
  listDomainRules,
  setDomainRule,
  deleteDomainRule,
] as const;
