import { useMutation } from '@tanstack/react-query';
import { placeStatusAnswer, type PlaceStatus } from '@mmdm/contracts/launch';
import type { Language } from '@mmdm/contracts/languages';
import { apiRequest, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/waitlist';

const LANGUAGE_TIMEOUT_MS = 10_000;

/** POST /waitlist/language {token, language}: the language of the person's mails from now on. */
export async function chooseLanguage({ token, language }: { token: string; language: Language }): Promise<PlaceStatus> {
  const { data } = await apiRequest(requestTo(calls.chooseLanguage), placeStatusAnswer, {
    body: { token, language },
    signal: AbortSignal.timeout(LANGUAGE_TIMEOUT_MS),
  });
  return data;
}

export function useChooseLanguage() {
  return useMutation({ mutationFn: chooseLanguage });
}
