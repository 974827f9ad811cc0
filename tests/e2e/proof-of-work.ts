import type { APIRequestContext, APIResponse } from '@playwright/test';
import type { Language } from '@mmdm/contracts/languages';
import type { ChallengeAnswer } from '@mmdm/contracts/waitlist';
import { solveForSignup } from '../../services/waitlist/src/testing/altcha-solver.js';

/**
 * POST /waitlist as a script that does the work would: fetch a challenge, solve it, send the solution along (the
 * e2e system runs with SIGNUP_CHALLENGE=always).
 */
export async function postSignup(
  request: APIRequestContext,
  data: { email: string; referralSource?: string; language?: Language },
): Promise<APIResponse> {
  const challenge = (await (await request.get('/waitlist/challenge')).json()) as ChallengeAnswer;
  return request.post('/waitlist', { data: { ...data, altcha: await solveForSignup(challenge) } });
}
