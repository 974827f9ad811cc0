// The abuse feature's public entry, its guards (types only; app.ts builds them): the sign-up route asks the guard
// before it writes anything, and so does the contact form's.
export type { SignupGuard, SignupOrigin } from './signup-guard.js';
export type { ContactGuard } from './contact-guard.js';
export type { ClientPace } from './client-pace.js';
