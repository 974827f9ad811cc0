import { queryOptions, useQuery } from '@tanstack/react-query';
import { wavePreviewSchema, type BalanceTarget } from '@mmdm/contracts/launch-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-launch';

export interface WaveRequest {
  count: number;
  /** A city id; undefined for everyone holding a place. */
  city?: number;
  /** A target mix: a balanced wave (decision 035). */
  balance?: BalanceTarget;
}

function waveParams({ count, city, balance }: WaveRequest): URLSearchParams {
  const params = new URLSearchParams({ count: String(count) });
  if (city !== undefined) params.set('city', String(city));
  if (balance) for (const [group, share] of Object.entries(balance)) params.set(group, String(share));
  return params;
}

/** GET /invitations/preview: how many a wave would invite now (≤ count), and how many hold a place there. */
export function getWavePreview(request: WaveRequest, signal?: AbortSignal) {
  return staffRequest(requestTo(calls.previewWave, undefined, waveParams(request)), wavePreviewSchema, {
    signal,
  });
}

export const wavePreviewQueryOptions = (request: WaveRequest) =>
  queryOptions({
    queryKey: [...adminKeys.launch, 'preview', request] as const,
    queryFn: ({ signal }) => getWavePreview(request, signal),
    retry: queryRetry,
    // The line moves as people confirm: a preview is read fresh each time it is asked for.
    staleTime: 0,
  });

export function useWavePreview(request: WaveRequest, enabled: boolean) {
  return useQuery({ ...wavePreviewQueryOptions(request), enabled });
}
