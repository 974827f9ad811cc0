import { Secret, TOTP } from 'otpauth';

/** One TOTP step (RFC 6238's default period, which the auth service uses). */
export const TOTP_STEP_MS = 30_000;

/** The code an authenticator app shows `steps` steps from now for this base32 secret. */
export const totpCodeAt = (secret: string, steps = 0): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * TOTP_STEP_MS,
  });

/**
 * Waits for the next step when less than `marginMs` of this one is left, so a code made now is still of its step
 * when the service checks it (`pastEdgeMs` into the next step when it waits).
 */
export async function waitOutStepEdge(marginMs: number, pastEdgeMs: number): Promise<void> {
  const intoStep = Date.now() % TOTP_STEP_MS;
  if (intoStep > TOTP_STEP_MS - marginMs)
    await new Promise((done) => setTimeout(done, TOTP_STEP_MS - intoStep + pastEdgeMs));
}
