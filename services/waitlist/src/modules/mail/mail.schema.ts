import { z } from 'zod';

/** A template preview's path: the template's name (an unknown one is a 404, not a 400). */
export const previewParams = z.object({ name: z.string().min(1).max(40) });
