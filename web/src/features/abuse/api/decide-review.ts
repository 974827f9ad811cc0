import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewDecision } from '@mmdm/contracts/abuse-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { staffCommand } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-review';

export interface ReviewDecisionInput {
  /** A flagged entry, or a held credit (by its referred entry). */
  kind: 'entries' | 'credits';
  id: number;
  decision: ReviewDecision;
}

/** POST /review/entries/:id or /review/credits/:id {decision}: approve or reject; audited. */
export function decideReview({ kind, id, decision }: ReviewDecisionInput) {
  return staffCommand(requestTo(kind === 'entries' ? calls.decideEntry : calls.decideHeldCredit, { id }), {
    body: { decision },
  });
}

export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReview,
    retry: false,
    // A decision moves places and credits: the queue, the Users list, the launch figures and the audit log.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.review }),
        queryClient.invalidateQueries({ queryKey: adminKeys.waitlistEntries }),
        queryClient.invalidateQueries({ queryKey: adminKeys.launch }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
