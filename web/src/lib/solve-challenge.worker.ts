// The proof-of-work solver's own thread (solve-challenge.ts starts it). ALTCHA's solver hashes for as long as the
// challenge's cost asks and yields only every 200 ms: on the page's thread that blocked typing in the form, and was the
// longest task of the waitlist page (about 200 ms unthrottled). altcha-lib's own worker entries hash with node:crypto;
// this one is its worker handler with the Web Crypto hash.
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
