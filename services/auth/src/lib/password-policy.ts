import { AppError } from '@mmdm/shared/errors';
import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';

/**
 * NIST SP 800-63B 3.1.1.2: a new password is checked against passwords known from breaches, dictionary words,
 * repetitive or sequential characters and words of the context (the account's own address and names, the service's
 * name). zxcvbn-ts with its common list (passwords seen in breaches, keyboard patterns) and the English one (words,
 * first and last names) does this offline. Staff accounts guard everyone's personal data, so they need score 4
 * (about 10^10 guesses or more): score 3 starts at 10^8, where "Welcome2026!!" (a breached word, a year, "!!") sits.
 */
const MIN_SCORE = 4;
/**
 * Passwords published as examples: strong by any count of their parts, and the first thing a guesser tries
 * (xkcd 936's passphrase and its counter-example are in every breach corpus).
 */
const PUBLISHED_EXAMPLES = [
  'correcthorsebatterystaple',
  'correct horse battery staple',
  'correct-horse-battery-staple',
  'tr0ub4dor&3',
];
/** zxcvbn's matching grows quickly with length; a prefix cannot be stronger than the whole, so checking it is safe. */
const CHECKED_LENGTH = 100;
const SERVICE_WORDS = ['meet match date marry', 'meetmatchdatemarry', 'mmdm', 'admin', 'staff'];
const ADVICE = 'Try a few unrelated words, or a random password from a password manager.';

let estimator: Promise<ZxcvbnFactory> | undefined;

/** Loaded on first use: the dictionaries cost ~30 MB, and passwords are set rarely. */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      // English words and names too: "Welcome2026!!" and "correcthorsebatterystaple" are words with decoration,
      // which the common (breach and keyboard) lists alone rate as strong.
      dictionary: { ...common.dictionary, ...english.dictionary, publishedExamples: PUBLISHED_EXAMPLES },
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
  if (found((match) => match.pattern === 'dictionary' && match.dictionaryName === 'publishedExamples')) {
    return 'is a well-known example password, published widely, which guessing programs try first.';
  }
  if (found((match) => match.pattern === 'dictionary' && match.dictionaryName.startsWith('passwords'))) {
    return 'is one of the most common passwords, found in lists of breached passwords.';
  }
  if (found((match) => match.pattern === 'dictionary')) {
    return 'is made of common words or names, which guessing programs try first.';
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
  // "ann.smith@example.com": the person's names are in the local part, the organisation's in the domain.
  const nameParts = [...localPart.split(/[._+-]+/), ...domain.split('.')].filter((part) => part.length >= 3);
  const folded = password.trim().toLowerCase();
  if (folded.includes(address) || folded === localPart) return `must not contain your e-mail address. ${ADVICE}`;
  const result = (await loadEstimator()).check(password.slice(0, CHECKED_LENGTH), [
    address,
    localPart,
    domain,
    ...nameParts,
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
