// Loaded on its own (a dynamic import) once the page has painted: the solver never weighs on the first load.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { ChallengeAnswer } from '@mmdm/contracts/waitlist';

/**
 * Finds the challenge's secret counter the ALTCHA way (SHA-256 with Web Crypto, counting up) and returns the form's
 * `altcha` field: base64 of `{challenge, solution}`. Null when it could not finish in time.
 */
export async function solveProofOfWork(
  challenge: NonNullable<ChallengeAnswer['challenge']>,
  controller: AbortController,
  timeoutMs: number,
): Promise<string | null> {
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: timeoutMs });
  return solution ? btoa(JSON.stringify({ challenge, solution })) : null;
}
