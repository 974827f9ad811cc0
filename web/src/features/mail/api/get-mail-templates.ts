import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailTemplatesSchema } from '@mmdm/contracts/waitlist-admin';
import type { z } from 'zod';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-waitlist';

export type MailTemplate = z.infer<typeof mailTemplatesSchema>['items'][number];

/** GET /mail-templates: every mail the worker sends, with its subject rendered from sample data. */
export function getMailTemplates(signal?: AbortSignal) {
  return staffRequest(requestTo(calls.listMailTemplates), mailTemplatesSchema, { signal });
}

export const mailTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.mailTemplates,
    queryFn: ({ signal }) => getMailTemplates(signal),
    retry: queryRetry,
  });

export function useMailTemplates() {
  return useQuery(mailTemplatesQueryOptions());
}
