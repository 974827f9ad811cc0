import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginStepAnswerSchema, type LoginAnswer, type LoginStepAnswer } from '@mmdm/contracts/auth';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { apiRequest, ApiError, requestTo } from '../../../lib/api-client.js';
import { setStaffToken } from '../../../lib/staff-token.js';
import * as calls from '@mmdm/contracts/calls/staff-auth';

export interface LoginInput {
  email: string;
  password: string;
}

export type { LoginAnswer, LoginStepAnswer };

/** Why a sign-in did not work, in the terms the login form speaks. */
export class LoginError extends Error {
  constructor(
    readonly kind: 'invalid_credentials' | 'throttled' | 'failed',
    /** Seconds until another attempt may succeed; only for 'throttled'. */
    readonly retryAfterSeconds?: number,
  ) {
    super(kind);
    this.name = 'LoginError';
  }
}

/** Signed in, or one more step: a second factor, or (when one is required and there is none) enrolling one. */
export async function login(input: LoginInput): Promise<LoginStepAnswer> {
  try {
    return await apiRequest(requestTo(calls.login), loginStepAnswerSchema, { body: input });
  } catch (error) {
    // A lost request is retried (see useLogin) and then shown as "Login failed".
    if (!(error instanceof ApiError) || error.kind === 'network') throw error;
    if (error.kind !== 'http') throw new LoginError('failed');
    if (error.status === 429) throw new LoginError('throttled', error.retryAfterSeconds);
    // A server failure is not a verdict on the password: it gets the "try again" message, not "Invalid credentials".
    if (error.status !== undefined && error.status >= 500) throw new LoginError('failed');
    throw new LoginError('invalid_credentials');
  }
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A retried wrong password would count twice against the per-account throttle: only a lost request is retried.
    retry: (failureCount, error) => failureCount < 1 && error instanceof ApiError && error.kind === 'network',
    onSuccess: (answer) => {
      // Whatever an earlier session cached belongs to someone else now.
      queryClient.removeQueries({ queryKey: adminKeys.all });
      // A second-step token is no session: it stays with the login page, never in storage.
      if ('token' in answer) setStaffToken(answer.token);
    },
  });
}
