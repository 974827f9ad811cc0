import { AppError } from '@mmdm/shared/errors';
import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';

/**
 * NIST SP 800-63B 3.1.1.2: a new password is checked against passwords known from breaches, dictionary words,
 * repetitive or sequential characters and words of the context (the account's own address, the service's name).
 * zxcvbn-ts with its common list (passwords seen in breaches, keyboard patterns) does this offline; score 3 means about
 * 10^8 guesses or more, which a throttled sign-in never reaches and argon2id makes slow offline.
 */
const MIN_SCORE = 3;
/** zxcvbn's matching grows quickly with length; a prefix cannot be stronger than the whole, so checking it is safe. */
const CHECKED_LENGTH = 100;
const SERVICE_WORDS = ['meet match date marry', 'meetmatchdatemarry', 'mmdm', 'admin', 'staff'];
const ADVICE = 'Try a few unrelated words, or a random password from a password manager.';

let estimator: Promise<ZxcvbnFactory> | undefined;

/** Loaded on first use: the dictionaries cost ~30 MB, and passwords are set rarely. */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
    ]);
    return new ZxcvbnFactory({
      dictionary: common.dictionary,
      graphs: common.adjacencyGraphs,
      useLevenshteinDistance: false,
    });
  })();
  return estimator;
}

/** Why zxcvbn guessed it quickly, said as the rest of a sentence that starts with "The password ...". */
function reasonOf(result: ZxcvbnResult): string {
  const found = (test: (match: ZxcvbnResult['sequence'][number]) => boolean) => result.sequence.some(test);
  if (found((match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs')) {
    return 'is built from your e-mail address or the name of this service.';
  }
  if (found((match) => match.pattern === 'dictionary' && match.dictionaryName.startsWith('passwords'))) {
    return 'is one of the most common passwords, found in lists of breached passwords.';
  }
  if (found((match) => match.pattern === 'repeat')) return 'repeats the same characters, which is easy to guess.';
  if (found((match) => match.pattern === 'sequence'))
    return 'is a sequence like "abcd" or "1234", which is easy to guess.';
  if (found((match) => match.pattern === 'spatial'))
    return 'is a keyboard pattern like "qwerty", which is easy to guess.';
  return 'is too easy to guess.';
}

/**
 * Undefined when the password may be set for this account; otherwise why not, as the rest of a sentence starting
 * with the field's name ("password is one of the most common passwords ...").
 */
export async function passwordWeakness(password: string, email: string): Promise<string | undefined> {
  const address = email.trim().toLowerCase();
  const [localPart = '', domain = ''] = address.split('@');
  const folded = password.trim().toLowerCase();
  if (folded.includes(address) || folded === localPart) return `must not contain your e-mail address. ${ADVICE}`;
  const result = (await loadEstimator()).check(password.slice(0, CHECKED_LENGTH), [
    address,
    localPart,
    domain,
    ...SERVICE_WORDS,
  ]);
  return result.score >= MIN_SCORE ? undefined : `${reasonOf(result)} ${ADVICE}`;
}

/** The 400 a client gets for a weak password: the same shape as any other field that fails validation. */
export async function assertStrongPassword(password: string, email: string, field: string): Promise<void> {
  const weakness = await passwordWeakness(password, email);
  if (weakness) {
    throw new AppError(400, 'validation_error', `${field}: ${weakness}`, {
      issues: [{ path: field, message: weakness }],
    });
  }
}
