import { checkEmailAddress } from '@mmdm/contracts/email';
import { DEFAULT_LANGUAGE, isLanguage } from '@mmdm/contracts/languages';
import { HONEYPOT_FIELD, joinAnswer } from '@mmdm/contracts/waitlist';
// zod/mini: the same validation at a fraction of the bytes in the public bundle.
import { z } from 'zod/mini';
import { ApiError, postJson, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/waitlist';
import type { JoinWaitlistAnswer, JoinWaitlistInput } from './join-waitlist.js';

/**
 * POST /waitlist with `{email}` or `{email, referralSource}` (and `language` on a page not in English) (an empty code is left out, never sent as ""), plus the
 * proof of work and a filled honeypot when there are any. The address goes out as the service will store it (the
 * shared address rule); one the rule refuses goes out trimmed, for the service to say why.
 */
export async function joinWaitlist(input: JoinWaitlistInput, signal: AbortSignal): Promise<JoinWaitlistAnswer> {
  const checked = checkEmailAddress(input.email, { deliverable: true });
  const email = checked.ok ? checked.address : input.email.trim();
  const referralSource = input.referralSource?.trim();
  // The page's own language (its <html lang>): the entry's mails are written in it. English goes unsaid.
  const language = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  const body = {
    email,
    ...(isLanguage(language) && language !== DEFAULT_LANGUAGE ? { language } : {}),
    ...(referralSource ? { referralSource } : {}),
    ...(input.ticket ? { ticket: input.ticket } : {}),
    ...(input.altcha ? { altcha: input.altcha } : {}),
    ...(input.honeypot ? { [HONEYPOT_FIELD]: input.honeypot } : {}),
  };
  const answer = await postJson(requestTo(calls.joinWaitlist), body, signal);
  const parsed = joinAnswer.safeParse(answer);
  if (!parsed.success) {
    const message = z.object({ message: z.string() }).safeParse(answer);
    throw new ApiError('invalid-response', {
      serverMessage: message.success ? message.data.message.trim() || undefined : undefined,
    });
  }
  return parsed.data;
}
