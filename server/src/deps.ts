import type { Kysely } from 'kysely';
import type { LinkTokens, Mailer, PasswordHasher } from '@ecore/core/identity/ports.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import type { Database } from '@ecore/adapters/db/database.ts';
import type { FileStore } from '@ecore/core/shared/file-store.ts';

// What the route plugins are given, in a module of its own: the routes import it, and app.ts imports the
// routes, without a cycle through app.ts (issue 12).

export interface AppConfig {
  jwtSecret: string;
  /** Where the portal is reached; links in mails start with it. */
  publicUrl: string;
  twoFactorLogin: boolean;
  /** Requests per minute and address on login and password-reset calls. */
  authRateLimit: number;
  /** Folder of the built web client; absent in API-only tests. */
  webDistDir?: string | undefined;
  logLevel?: string;
  /** Fastify's trustProxy: true (every proxy in front) or the proxies' addresses (README "Configuration"). */
  trustProxy?: boolean | string;
  /** Tests: every response is also checked against its zod schema (plugins/serializer.ts). */
  checkResponses?: boolean;
}

/** Everything the routes need from outside, so that tests can give their own. */
export interface AppDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  hasher: PasswordHasher;
  tokens: LinkTokens;
  /** Attachments (answer documents). */
  files: FileStore;
  /** Milliseconds since the epoch. */
  clock: () => number;
  config: AppConfig;
  /** The database's change notifications; with them sessions are checked from a cache (plugins/auth.ts). */
  listen?: Database['listen'];
}
