import type { ChallengeAnswer } from '@mmdm/contracts/waitlist';

/** How long fetching and solving one challenge may take before the form sends without it (the server decides). */
const PREPARE_TIMEOUT_MS = 8_000;

export interface ProofOfWork {
  /** Starts fetching and solving a challenge in the background, unless one is on its way or ready. */
  prepare(): void;
  /**
   * The solution for the form being sent now (undefined: none needed, or none could be made), waiting at most
   * until `signal` ends; the next challenge starts at once, for the next sending.
   */
  take(signal: AbortSignal): Promise<string | undefined>;
  /** Stops work in progress (the form left the page). */
  dispose(): void;
}

/**
 * The proof of work a form solves while the visitor types, so sending feels no slower than without it: the
 * challenge is fetched (by `fetchChallenge`: each form has its own) and the solver loaded (its own chunk) when the
 * form appears, after the page has painted. Each solution is spent by one sending.
 */
export function createProofOfWork(fetchChallenge: (signal: AbortSignal) => Promise<ChallengeAnswer>): ProofOfWork {
  let current: Promise<string | undefined> | undefined;
  let controller: AbortController | undefined;

  async function make(work: AbortController): Promise<string | undefined> {
    const timer = setTimeout(() => work.abort(), PREPARE_TIMEOUT_MS);
    try {
      const answer = await fetchChallenge(work.signal);
      if (!answer.challenge) return undefined;
      const { solveProofOfWork } = await import('./solve-challenge.js');
      return (await solveProofOfWork(answer.challenge, work, PREPARE_TIMEOUT_MS)) ?? undefined;
    } catch {
      // Offline, blocked, or the service is away: the form goes without, and its answer says what to do.
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  const prepare = () => {
    if (current) return;
    controller = new AbortController();
    current = make(controller);
  };

  return {
    prepare,
    async take(signal) {
      prepare();
      const pending = current!;
      current = undefined;
      const ended = new Promise<undefined>((resolve) => {
        if (signal.aborted) resolve(undefined);
        else signal.addEventListener('abort', () => resolve(undefined), { once: true });
      });
      const solution = await Promise.race([pending, ended]);
      prepare();
      return solution;
    },
    dispose() {
      controller?.abort();
      current = undefined;
    },
  };
}
