import type { ChallengeAnswer } from '@mmdm/contracts/waitlist';
import { useCallback, useEffect, useRef } from 'react';
import { createProofOfWork, type ProofOfWork } from './proof-of-work.js';

/**
 * A form's proof of work (proof-of-work.ts) for as long as the form is on the page: started once it has mounted (the
 * app itself starts only after the first paint, src/boot.ts, so the challenge and the solver's chunk can never delay
 * it) and stopped when it leaves. Returns the `take` a sending calls for its solution, the same across renders.
 */
export function useProofOfWork(
  fetchChallenge: (signal: AbortSignal) => Promise<ChallengeAnswer>,
): (signal: AbortSignal) => Promise<string | undefined> {
  const work = useRef<ProofOfWork | null>(null);
  useEffect(() => {
    const current = createProofOfWork(fetchChallenge);
    work.current = current;
    current.prepare();
    return () => {
      current.dispose();
      work.current = null;
    };
  }, [fetchChallenge]);
  return useCallback((signal: AbortSignal) => work.current?.take(signal) ?? Promise.resolve(undefined), []);
}
