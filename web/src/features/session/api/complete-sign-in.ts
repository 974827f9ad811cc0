import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginAnswerSchema, passkeyRequestOptionsSchema, type LoginAnswer, type MfaMethod } from '@mmdm/contracts/auth';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { apiRequest, ApiError, requestTo } from '../../../lib/api-client.js';
import { setStaffToken } from '../../../lib/staff-token.js';
import * as calls from '@mmdm/contracts/calls/staff-mfa';

/** Why the second step did not sign in, in the terms the step's form speaks. */
export class SecondStepError extends Error {
  constructor(
    readonly kind: 'rejected' | 'expired' | 'throttled' | 'cancelled' | 'failed',
    readonly serverMessage?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(kind);
    this.name = 'SecondStepError';
  }
}

export type SecondStepInput = { method: 'totp' | 'recovery'; code: string } | { method: 'passkey' };

function asSecondStepError(error: unknown): unknown {
  if (error instanceof SecondStepError) return error;
  if (!(error instanceof ApiError) || error.kind !== 'http') return new SecondStepError('failed');
  if (error.status === 429) return new SecondStepError('throttled', error.serverMessage, error.retryAfterSeconds);
  if (error.status === 401 && error.code === 'mfa_token_invalid')
    return new SecondStepError('expired', error.serverMessage);
  if (error.status === 401 || error.status === 409) return new SecondStepError('rejected', error.serverMessage);
  return new SecondStepError('failed');
}

/** Asks the browser's authenticator to sign the service's challenge (@simplewebauthn/browser, loaded on use). */
async function passkeyAssertion(mfaToken: string): Promise<unknown> {
  const options = await apiRequest(requestTo(calls.getSignInPasskeyOptions), passkeyRequestOptionsSchema, {
    body: { mfaToken },
  });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    // The options are PublicKeyCredentialRequestOptionsJSON; the contract only checks the parts we read.
    return await startAuthentication({
      optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    });
  } catch {
    // The person closed the browser's dialog, or no authenticator holds a passkey for this account.
    throw new SecondStepError('cancelled');
  }
}

/** The second step: the token of the password step and a code or a passkey; a staff session on success. */
export async function completeSignIn(mfaToken: string, input: SecondStepInput): Promise<LoginAnswer> {
  try {
    const body: { mfaToken: string; method: MfaMethod; code?: string; response?: unknown } =
      input.method === 'passkey'
        ? { mfaToken, method: 'passkey', response: await passkeyAssertion(mfaToken) }
        : { mfaToken, method: input.method, code: input.code };
    return await apiRequest(requestTo(calls.completeSignIn), loginAnswerSchema, { body });
  } catch (error) {
    throw asSecondStepError(error);
  }
}

export function useCompleteSignIn(mfaToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SecondStepInput) => completeSignIn(mfaToken, input),
    // Not retried: each code works once, and a wrong one counts against the throttle.
    retry: false,
    onSuccess: ({ token }) => {
      queryClient.removeQueries({ queryKey: adminKeys.all });
      setStaffToken(token);
    },
  });
}
