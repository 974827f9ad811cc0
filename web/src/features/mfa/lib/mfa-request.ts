import { apiRequest, type AnswerSchema, type RequestLine } from '../../../lib/api-client.js';
import { staffRequest, type StaffRequestOptions } from '../../../lib/staff-api.js';

/**
 * The enrolment calls run in two places: in Settings with the stored staff session, and right after the password
 * when a second factor is required, with the enrol-only token (kept in memory, never stored: it is no session).
 */
export function mfaRequest<T>(
  line: RequestLine,
  schema: AnswerSchema<T>,
  options: StaffRequestOptions,
  enrolToken: string | undefined,
): Promise<T> {
  return enrolToken
    ? apiRequest(line, schema, { ...options, bearerToken: enrolToken })
    : staffRequest(line, schema, options);
}
