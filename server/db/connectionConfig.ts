import { readFileSync } from 'node:fs';
import type { ClientConfig } from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';

/** How the server reaches PostgreSQL: the URL, and the CA file (DATABASE_CA_FILE) when the database speaks TLS. */
export interface DatabaseTarget {
  url: string;
  caFile?: string;
}

/**
 * node-postgres lets a URL's parameters override the options given beside it (a `sslmode` would replace `ssl: {ca}`
 * by `{}`), so the URL is parsed here and the CA added to what it says. With a CA file and no `sslmode`, TLS is
 * still asked for: an operator who gave a CA expects it used. node-postgres 8 checks the certificate and the host
 * name for `require` and `verify-ca` as for `verify-full`; `uselibpqcompat=true` in the URL gives libpq's meanings.
 */
export function connectionConfig(target: DatabaseTarget): ClientConfig {
  const config = parseIntoClientConfig(target.url) as ClientConfig;
  if (!target.caFile || config.ssl === false) return config;
  const ca = readFileSync(target.caFile, 'utf8');
  return { ...config, ssl: { ...(typeof config.ssl === 'object' ? config.ssl : {}), ca } };
}
