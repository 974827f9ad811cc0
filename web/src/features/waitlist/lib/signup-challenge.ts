import { createProofOfWork, type ProofOfWork } from '../../../lib/proof-of-work.js';
import { getSignupChallenge } from '../api/get-signup-challenge.js';

export type SignupChallenge = ProofOfWork;

/** The sign-up form's proof of work (lib/proof-of-work.ts), from GET /waitlist/challenge. */
export function createSignupChallenge(): SignupChallenge {
  return createProofOfWork(getSignupChallenge);
}
