// The abuse feature's public entry: the sign-up route asks the guard before it writes anything.
export type { SignupGuard, SignupOrigin } from './signup-guard.js';
