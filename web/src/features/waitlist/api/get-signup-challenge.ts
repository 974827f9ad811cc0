import { challengeAnswer, type ChallengeAnswer } from '@mmdm/contracts/waitlist';
import { apiRequest, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/waitlist';

/** GET /waitlist/challenge: the proof of work the form solves while the visitor types (null: none asked for). */
export function getSignupChallenge(signal: AbortSignal): Promise<ChallengeAnswer> {
  return apiRequest(requestTo(calls.getSignupChallenge), challengeAnswer, { signal });
}
