import { AppError } from '@mmdm/shared/errors';
import { z } from 'zod';

/** Parses with a schema; a failure is the client's mistake: 400 naming each field, never a 5xx. */
export function parse<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  // Classic and zod/mini schemas alike (the public contracts are zod/mini).
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
  const message = issues.map((issue) => issue.message).join(' ');
  throw new AppError(400, 'validation_error', message, { issues });
}
