import { API_PATHS, challengeAnswer, type ChallengeAnswer } from '@mmdm/contracts/waitlist';
import { apiRequest } from '../../../lib/api-client.js';

/** GET /waitlist/challenge: the proof of work the form solves while the visitor types (null: none asked for). */
export function getSignupChallenge(signal: AbortSignal): Promise<ChallengeAnswer> {
  return apiRequest(API_PATHS.challenge, challengeAnswer, { signal });
}
