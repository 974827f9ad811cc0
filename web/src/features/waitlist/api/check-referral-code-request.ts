import { referralCheckAnswer, type ReferralCheck } from '@mmdm/contracts/waitlist';
import { apiRequest, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/waitlist';

/** GET /waitlist/referral?code=: whether a share link's code is someone's on the list, and the boost it gives. */
export async function checkReferralCode(code: string, signal: AbortSignal): Promise<ReferralCheck> {
  const answer = await apiRequest(
    requestTo(calls.checkReferralCode, undefined, new URLSearchParams({ code })),
    referralCheckAnswer,
    {
      signal,
    },
  );
  return answer.data;
}
