import { FIRST_DAY } from '@mmdm/contracts/waitlist-admin';
import { z } from 'zod';

/** A real calendar day (no 30 February) from FIRST_DAY on. */
const calendarDay = (value: string) => z.iso.date().safeParse(value).success && value >= FIRST_DAY;

/**
 * A timestamp as Postgres prints `created_at::text`, checked field by field: a well-formed but impossible one
 * (30 February, hour 25, offset +99) would otherwise reach Postgres and fail there as a 500.
 */
export const cursorTimestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}[ T]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-](0\d|1[0-5])(:?[0-5]\d)?)$/)
  .refine((value) => calendarDay(value.slice(0, 10)));
