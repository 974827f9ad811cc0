import { CONTACT_API_PATHS } from '@mmdm/contracts/contact';
import { challengeAnswer, type ChallengeAnswer } from '@mmdm/contracts/waitlist';
import { apiRequest } from '../../../lib/api-client.js';

/** GET /waitlist/contact/challenge: the proof of work the form solves while the visitor types (null: none asked for). */
export function getContactChallenge(signal: AbortSignal): Promise<ChallengeAnswer> {
  return apiRequest(CONTACT_API_PATHS.challenge, challengeAnswer, { signal });
}
