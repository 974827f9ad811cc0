// Loaded on its own (a dynamic import) once the page has painted: the solver never weighs on the first load.
import { solveChallenge, solveChallengeWorkers } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { ChallengeAnswer } from '@mmdm/contracts/waitlist';

type Challenge = NonNullable<ChallengeAnswer['challenge']>;

/**
 * Finds the challenge's secret counter the ALTCHA way (SHA-256 with Web Crypto, counting up) and returns the form's
 * `altcha` field: base64 of `{challenge, solution}`. Null when it could not finish in time.
 *
 * The hashing runs in a worker (solve-challenge.worker.ts), so the page stays responsive while the visitor types. Where
 * no worker can start (an old browser, a test's DOM), it runs on the page's thread as before.
 */
export async function solveProofOfWork(
  challenge: Challenge,
  controller: AbortController,
  timeoutMs: number,
): Promise<string | null> {
  const solution = await solveInWorker(challenge, controller, timeoutMs).catch(() =>
    controller.signal.aborted ? null : solveChallenge({ challenge, deriveKey, controller, timeout: timeoutMs }),
  );
  return solution ? btoa(JSON.stringify({ challenge, solution })) : null;
}

function solveInWorker(challenge: Challenge, controller: AbortController, timeoutMs: number) {
  if (typeof Worker === 'undefined') return Promise.reject(new Error('no Worker in this browser'));
  return solveChallengeWorkers({
    challenge,
    controller,
    timeout: timeoutMs,
    // One thread is enough for the costs the service asks; more would compete with the page on a small phone.
    concurrency: 1,
    // A literal `new URL(…, import.meta.url)` inside `new Worker(…)`: the form Vite recognises and bundles as a worker.
    createWorker: () =>
      new Worker(new URL('./solve-challenge.worker.ts', import.meta.url), { type: 'module', name: 'proof-of-work' }),
  });
}
