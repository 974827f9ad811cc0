import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { balanceAnswer, type BalanceIdentity, type BalanceSeeking, type BalanceStatus } from '@mmdm/contracts/launch';
import { ApiError, apiRequest, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/waitlist';

export type { BalanceIdentity, BalanceSeeking, BalanceStatus };

const BALANCE_TIMEOUT_MS = 10_000;

const balanceKey = (token: string) => ['waitlist', 'balance', token] as const;

/** GET /waitlist/place/balance?token=: whether the person gave it, and what (only they see this). */
export async function getBalance(token: string): Promise<BalanceStatus> {
  const line = requestTo(calls.getBalance, undefined, new URLSearchParams({ token }));
  const { data } = await apiRequest(line, balanceAnswer, { signal: AbortSignal.timeout(BALANCE_TIMEOUT_MS) });
  return data;
}

/** PUT /waitlist/place/balance: the two answers and the consent; nothing else about the person. */
export async function giveBalance(input: {
  token: string;
  identity: BalanceIdentity;
  seeking: BalanceSeeking;
}): Promise<BalanceStatus> {
  const { data } = await apiRequest(requestTo(calls.giveBalance), balanceAnswer, {
    body: { ...input, consent: true },
    signal: AbortSignal.timeout(BALANCE_TIMEOUT_MS),
  });
  return data;
}

/** DELETE /waitlist/place/balance: withdraws the consent; what was kept is deleted. */
export async function withdrawBalance({ token }: { token: string }): Promise<BalanceStatus> {
  const { data } = await apiRequest(requestTo(calls.withdrawBalance), balanceAnswer, {
    body: { token },
    signal: AbortSignal.timeout(BALANCE_TIMEOUT_MS),
  });
  return data;
}

export function useBalance(token: string) {
  return useQuery({
    queryKey: balanceKey(token),
    queryFn: () => getBalance(token),
    staleTime: 60_000,
    retry: (failures, error) => failures < 2 && (!(error instanceof ApiError) || error.retryable),
  });
}

export function useGiveBalance(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: giveBalance,
    onSuccess: (data) => client.setQueryData(balanceKey(token), data),
  });
}

export function useWithdrawBalance(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawBalance,
    onSuccess: (data) => client.setQueryData(balanceKey(token), data),
  });
}
