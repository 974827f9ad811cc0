import { z } from 'zod/mini';
import { LANGUAGES } from './languages.js';

/** A language code in a request (the sign-up's, the place page's choice). */
export const languageSchema = z.enum(LANGUAGES, { error: `The language must be one of ${LANGUAGES.join(', ')}.` });
