// The staff's waitlist data (waitlist service).
import { defineCall, staffErrors, ok, pathParam, STAFF_API_PREFIX } from './define-call.js';
import { auditPageSchema } from '../audit.js';
import {
  analyticsParams,
  analyticsSchema,
  auditParams,
  entriesPageSchema,
  entryIdParam,
  exportEntriesParams,
  listEntriesParams,
  mailTemplateNameParam,
  mailTemplatePreviewSchema,
  mailTemplatesSchema,
  statsSchema,
} from '../waitlist-admin.js';
import { messageAnswer } from '../waitlist.js';

/** Where the waitlist service's staff calls live. */
export const STAFF_WAITLIST_PREFIX = `${STAFF_API_PREFIX}/waitlist`;

const entryId = pathParam('An entry id.', entryIdParam);

export const listEntries = defineCall({
  method: 'get',
  path: '/api/admin/waitlist/entries',
  operationId: 'listEntries',
  tag: 'staff-waitlist',
  summary: 'Sign-ups',
  description:
    'Keyset-paged by (createdAt, id), or by place (`order=place`) or city. A search reads a bounded number of entries per request; `searchedThrough` says how far.',
  access: 'viewer',
  query: { schema: listEntriesParams },
  answers: ok('A page of entries.', entriesPageSchema),
  errors: [400, ...staffErrors('viewer')],
});

export const exportEntries = defineCall({
  method: 'get',
  path: '/api/admin/waitlist/entries.csv',
  operationId: 'exportEntries',
  tag: 'staff-waitlist',
  summary: 'Export sign-ups as CSV',
  description: 'Streamed; the same filter as the list. At most EXPORT_MAX_CONCURRENT at once (429 `too_many_exports`).',
  access: 'admin',
  query: { schema: exportEntriesParams },
  answers: { 200: { description: 'The CSV file.', content: { 'text/csv': { schema: { type: 'string' } } } } },
  errors: [400, 429, ...staffErrors('admin')],
});

export const resendEntryConfirmation = defineCall({
  method: 'post',
  path: '/api/admin/waitlist/entries/{id}/resend',
  operationId: 'resendEntryConfirmation',
  tag: 'staff-waitlist',
  summary: 'Send a pending entry a new confirmation mail',
  description: '409 `not_pending` once confirmed; 409 `suppressed` when the address is on the suppression list.',
  access: 'admin',
  params: { id: entryId },
  answers: { 202: { description: 'Queued.', schema: messageAnswer } },
  errors: [400, 404, 409, ...staffErrors('admin')],
});

export const eraseEntry = defineCall({
  method: 'delete',
  path: '/api/admin/waitlist/entries/{id}',
  operationId: 'eraseEntry',
  tag: 'staff-waitlist',
  summary: 'Erase an entry',
  description: 'The entry, its tokens and its outbox rows; a credit it gave is taken back first.',
  access: 'admin',
  params: { id: entryId },
  answers: { 204: { description: 'Erased.' } },
  errors: [400, 404, ...staffErrors('admin')],
});

export const getStats = defineCall({
  method: 'get',
  path: '/api/admin/waitlist/stats',
  operationId: 'getStats',
  tag: 'staff-waitlist',
  summary: 'Totals and recent activity',
  description: 'Totals, today, and the latest sign-ups and confirmations.',
  access: 'viewer',
  answers: ok('The figures.', statsSchema),
  errors: staffErrors('viewer'),
});

export const getAnalytics = defineCall({
  method: 'get',
  path: '/api/admin/waitlist/analytics',
  operationId: 'getAnalytics',
  tag: 'staff-waitlist',
  summary: 'Sign-ups and confirmations per day',
  description: 'UTC days, both ends included.',
  access: 'viewer',
  query: { schema: analyticsParams },
  answers: ok('The period.', analyticsSchema),
  errors: [400, ...staffErrors('viewer')],
});

export const listWaitlistAudit = defineCall({
  method: 'get',
  path: '/api/admin/waitlist/audit',
  operationId: 'listWaitlistAudit',
  tag: 'staff-waitlist',
  summary: "The waitlist service's audit log",
  description:
    'Newest first, paged by `nextCursor`. `kind=reads`: only staff reading personal data (the Users list, searches, exports, contact messages); `kind=changes`: everything else.',
  access: 'admin',
  query: { schema: auditParams },
  answers: ok('A page of audit records.', auditPageSchema),
  errors: [400, ...staffErrors('admin')],
});

export const listMailTemplates = defineCall({
  method: 'get',
  path: '/api/admin/waitlist/mail-templates',
  operationId: 'listMailTemplates',
  tag: 'staff-waitlist',
  summary: 'Every mail the worker sends',
  description: 'Names, descriptions and subjects with sample data.',
  access: 'admin',
  answers: ok('The templates.', mailTemplatesSchema),
  errors: staffErrors('admin'),
});

export const previewMailTemplate = defineCall({
  method: 'get',
  path: '/api/admin/waitlist/mail-templates/{name}/preview',
  operationId: 'previewMailTemplate',
  tag: 'staff-waitlist',
  summary: 'A mail as it would go out',
  description: "Rendered with sample data and this deployment's footer.",
  access: 'admin',
  params: { name: pathParam('A template name.', mailTemplateNameParam) },
  answers: ok('The rendered mail.', mailTemplatePreviewSchema),
  errors: [400, 404, ...staffErrors('admin')],
});

/** In the order the document lists them. */
export const STAFF_WAITLIST_CALLS = [
  listEntries,
  exportEntries,
  resendEntryConfirmation,
  eraseEntry,
  getStats,
  getAnalytics,
  listWaitlistAudit,
  listMailTemplates,
  previewMailTemplate,
] as const;
