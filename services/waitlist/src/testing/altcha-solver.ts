import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { ChallengeAnswer } from '@mmdm/contracts/waitlist';

/**
 * Solves a challenge of GET /waitlist/challenge the way the page does (counting up until the derived key matches),
 * and returns the `altcha` field of a sign-up. Tests and the bench use it as a scripted client would.
 */
export async function solveForSignup(answer: ChallengeAnswer): Promise<string> {
  if (!answer.challenge) throw new Error('no challenge to solve');
  const challenge = { parameters: answer.challenge.parameters, signature: answer.challenge.signature };
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
