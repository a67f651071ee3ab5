// Runtime configuration, validated once at boot (R16).
//
// Vite exposes only `VITE_*` variables to the browser; we read the `VITE_APP_*` ones and strip the
// prefix. A bad value stops the app at start-up with a readable message instead of failing later
// inside some request.
// zod/mini: the tree-shakable build; this runs in the first download of every page.
import * as z from 'zod/mini';

const PREFIX = 'VITE_APP_';

const envSchema = z.object({
  /** Where the API lives: a path on this origin (default `/api`) or an absolute http(s) URL. */
  API_URL: z.pipe(
    z._default(
      z.string().check(
        z.trim(),
        z.refine((value) => value.startsWith('/') || /^https?:\/\/[^/]+/.test(value), {
          message: 'must be a path starting with "/" or an absolute http(s) URL',
        }),
      ),
      '/api',
    ),
    z.transform((value) => value.replace(/\/+$/, '')),
  ),
  /** Start the MSW worker in the browser (`npm run dev:mock`). Never honoured in a production build. */
  ENABLE_API_MOCKING: z.pipe(
    z._default(z.enum(['true', 'false']), 'false'),
    z.transform((value) => value === 'true'),
  ),
});

export type Env = z.infer<typeof envSchema>;

/** Parses `import.meta.env`-shaped input. Exported for tests; the app uses `env`. */
export function parseEnv(raw: Record<string, unknown>): Env {
  const values = Object.fromEntries(
    Object.entries(raw)
      .filter(([key, value]) => key.startsWith(PREFIX) && value !== '')
      .map(([key, value]) => [key.slice(PREFIX.length), value]),
  );
  const result = envSchema.safeParse(values);
  if (!result.success) {
    throw new Error(`Invalid environment configuration:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

export const env: Env = parseEnv(import.meta.env);
