import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailTemplatePreviewSchema } from '@mmdm/contracts/waitlist-admin';
import type { z } from 'zod';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-waitlist';

export type MailTemplatePreview = z.infer<typeof mailTemplatePreviewSchema>;

/** GET /mail-templates/:name/preview: the whole mail (HTML and text) with sample data and this deployment's footer. */
export function getMailTemplatePreview(name: string, signal?: AbortSignal) {
  return staffRequest(requestTo(calls.previewMailTemplate, { name }), mailTemplatePreviewSchema, { signal });
}

export const mailTemplatePreviewQueryOptions = (name: string) =>
  queryOptions({
    queryKey: adminKeys.mailTemplatePreview(name),
    queryFn: ({ signal }) => getMailTemplatePreview(name, signal),
    retry: queryRetry,
  });

export function useMailTemplatePreview(name: string | undefined) {
  return useQuery({ ...mailTemplatePreviewQueryOptions(name ?? ''), enabled: name !== undefined });
}
