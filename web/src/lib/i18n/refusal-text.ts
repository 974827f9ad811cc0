// What a public form says when the service refused a request: the API answers with a stable code and an English
// sentence (services/contracts/src/error-codes.ts), so English pages show the service's own words and the others say
// the code in their language. The messages live with each form (each in its catalogue); this module holds none.
import type { MessageDescriptor } from '@lingui/core';
import { DEFAULT_LANGUAGE } from '@mmdm/contracts/languages';
import { ApiError } from '../api-error.js';
import { i18n } from './i18n.js';

/**
 * The refusal's words in the page's language: the server's sentence on an English page, the form's text for the code
 * on the others; undefined when neither is known (the caller says its own fallback).
 */
export function refusalText(error: unknown, codes: Readonly<Record<string, MessageDescriptor>>): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (i18n.locale === DEFAULT_LANGUAGE) return error.serverMessage;
  const known = error.code !== undefined && Object.hasOwn(codes, error.code) ? codes[error.code] : undefined;
  return known ? i18n._(known) : undefined;
}
