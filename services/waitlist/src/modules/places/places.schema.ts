import { z } from 'zod';

/** The Users list's keyset cursor (by place or by city), as this service hands it out: the sort key and the id. */
export const listCursor = z.tuple([z.string().max(64), z.string().regex(/^-?\d{1,19}$/)]);
