import { challengeAnswer, type ChallengeAnswer } from '@mmdm/contracts/waitlist';
import { apiRequest, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/contact';

/** GET /waitlist/contact/challenge: the proof of work the form solves while the visitor types (null: none asked for). */
export function getContactChallenge(signal: AbortSignal): Promise<ChallengeAnswer> {
  return apiRequest(requestTo(calls.getContactChallenge), challengeAnswer, { signal });
}
