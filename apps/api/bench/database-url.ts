/** Where the benchmark's chain lives when nothing says otherwise: the local server's `bench`. */
export const DEFAULT_BENCH_URL = 'postgres://postgres@127.0.0.1:5432/bench';

/**
 * The bench database: BENCH_DATABASE_URL, else DATABASE_URL's server with the database `bench`
 * when DATABASE_URL names the tests' database (`test`: the tests create and drop databases
 * there, and the bench must never fill it), else DATABASE_URL, else the local default.
 */
export function benchDatabaseUrl(env: NodeJS.ProcessEnv = process.env): {
  url: string;
  why: string;
} {
  if (env.BENCH_DATABASE_URL) return { url: env.BENCH_DATABASE_URL, why: 'BENCH_DATABASE_URL' };
  if (env.DATABASE_URL) {
    const url = new URL(env.DATABASE_URL);
    if (url.pathname === '/test' || url.pathname === '/') {
      url.pathname = '/bench';
      return { url: url.toString(), why: 'el servidor de DATABASE_URL, base bench' };
    }
    return { url: env.DATABASE_URL, why: 'DATABASE_URL' };
  }
  return { url: DEFAULT_BENCH_URL, why: 'sin DATABASE_URL: el servidor local por omisión' };
}

/** The URL with its password hidden, to print. */
export function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
