import { z } from 'zod';
import { cursorTimestamp } from '../../lib/cursor-timestamp.js';

/** A Postgres bigint, written as it prints: out of range, the cast would fail in Postgres as a 500. */
const bigintText = z
  .string()
  .regex(/^-?\d{1,19}$/)
  .refine((value) => {
    const n = BigInt(value);
    return n >= -(2n ** 63n) && n < 2n ** 63n;
  });

/** The Users list's keyset cursor by place, as this service hands it out: the place key and the queue number. */
export const placeCursor = z.tuple([bigintText, bigintText]);

/** The cursor of a city's list: `created_at` as Postgres prints it and the id (the default list's shape). */
export const cityCursor = z.tuple([cursorTimestamp, z.string().regex(/^\d{1,18}$/)]);
