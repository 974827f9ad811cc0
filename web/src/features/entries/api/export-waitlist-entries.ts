import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestTo } from '../../../lib/api-client.js';
import { staffFetch } from '../../../lib/staff-api.js';
import { filterSearchParams, type EntriesFilter } from './get-waitlist-entries.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import * as calls from '@mmdm/contracts/calls/staff-waitlist';

export interface CsvExport {
  blob: Blob;
  filename: string;
}

function filenameFrom(disposition: string | null): string | undefined {
  const match = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  // Only a plain file name: never a path the server (or a proxy) slipped in.
  const name = match?.[1] ? decodeURIComponent(match[1]).replace(/[\\/]/g, '_') : undefined;
  return name || undefined;
}

/**
 * Downloads the CSV of the current filter. A link cannot carry the bearer header, so the file is fetched here and
 * handed to the browser as a blob.
 */
export async function exportWaitlistEntries(filter: Pick<EntriesFilter, 'status' | 'q'>): Promise<CsvExport> {
  const response = await staffFetch(requestTo(calls.exportEntries, undefined, filterSearchParams(filter)));
  const blob = await response.blob();
  const today = new Date().toISOString().slice(0, 10);
  return { blob, filename: filenameFrom(response.headers.get('Content-Disposition')) ?? `waitlist-${today}.csv` };
}

export function saveFile({ blob, filename }: CsvExport): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download manager; the URL is released on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportWaitlistEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportWaitlistEntries,
    // An export is audited: a silent retry would log a second one.
    retry: false,
    onSuccess: (file) => {
      saveFile(file);
      return queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}
