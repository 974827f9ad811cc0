import { z } from 'zod';

/** The web build's configuration: read once from the build machine's environment, validated, frozen. */
const schema = z.object({
  /** Absolute origin the site is served from: canonical URLs, Open Graph, sitemap. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:8080')
    .transform((url) => url.replace(/\/+$/, '')),
});

export interface BuildConfig {
  readonly publicUrl: string;
}

export function readBuildConfig(env: NodeJS.ProcessEnv): BuildConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`invalid web build configuration: ${problems}`);
  }
  return Object.freeze({ publicUrl: parsed.data.PUBLIC_URL });
}
