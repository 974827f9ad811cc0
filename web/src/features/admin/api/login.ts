import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginAnswerSchema, type LoginAnswer } from '@mmdm/contracts/auth';
import { NetworkError, parseRetryAfter } from './api-client.js';
import { adminKeys } from './query-keys.js';
import { setStaffToken } from './staff-token.js';

export interface LoginInput {
  email: string;
  password: string;
}

export type { LoginAnswer };

/** Why a sign-in did not work, in the terms the login form speaks (spec §8). */
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

export async function login(input: LoginInput): Promise<LoginAnswer> {
  let response: Response;
  try {
    response = await fetch('/api/admin/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(input),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (response.status === 429) {
    throw new LoginError('throttled', parseRetryAfter(response.headers.get('Retry-After')));
  }
  // A server failure is not a verdict on the password: it gets the "try again" message, not "Invalid credentials".
  if (response.status >= 500) throw new LoginError('failed');
  if (!response.ok) throw new LoginError('invalid_credentials');
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new LoginError('failed');
  }
  const parsed = loginAnswerSchema.safeParse(body);
  if (!parsed.success) throw new LoginError('failed');
  return parsed.data;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A retried wrong password would count twice against the per-account throttle: only a lost request is retried.
    retry: (failureCount, error) => failureCount < 1 && error instanceof NetworkError,
    onSuccess: ({ token }) => {
      // Whatever an earlier session cached belongs to someone else now.
      queryClient.removeQueries({ queryKey: adminKeys.all });
      setStaffToken(token);
    },
  });
}
