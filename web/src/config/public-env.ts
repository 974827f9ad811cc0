declare const __PUBLIC_URL__: string;

/** The public, build-time part of the configuration (see build-config.ts): safe to ship to browsers. */
export const publicEnv = Object.freeze({
  publicUrl: __PUBLIC_URL__,
});
