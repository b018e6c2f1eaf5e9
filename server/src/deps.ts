import type { Kysely } from 'kysely';
import type { LinkTokens, Mailer, PasswordHasher } from '@ecore/core/identity/ports.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import type { Database } from '@ecore/adapters/db/database.ts';
import type { FileStore } from '@ecore/core/shared/file-store.ts';
import type { PdfRenderer } from '@ecore/core/shared/pdf-renderer.ts';

// What the route plugins are given, in a module of its own: the routes import it, and app.ts imports the
// routes, without a cycle through app.ts (issue 12).

export interface AppConfig {
  jwtSecret: string;
  /** SECRETS_KEY: seals stored secrets (authenticator-app seeds); without it (tests) the JWT secret serves. */
  secretsKey?: string;
  /** Where the portal is reached; links in mails start with it. */
  publicUrl: string;
  twoFactorLogin: boolean;
  /** Requests per minute and address on login and password-reset calls. */
  authRateLimit: number;
  /** Folder of the built web client; absent in API-only tests. */
  webDistDir?: string | undefined;
  logLevel?: string;
  /** Where the log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** Fastify's trustProxy: true (every proxy in front) or the proxies' addresses (README "Configuration"). */
  trustProxy?: boolean | string;
  /** The bearer token of GET /metrics (METRICS_TOKEN); without it there is no /metrics. */
  metricsToken?: string | undefined;
  /** METRICS_PORT: /metrics without a token on a port of its own (server.ts listens on it). */
  metricsPort?: number | undefined;
  /** Tests: every response is also checked against its zod schema (plugins/serializer.ts). */
  checkResponses?: boolean;
  /** The browser that prints certificates when no `pdf` renderer is given (default CHROMIUM_PATH, else /usr/bin/chromium). */
  chromiumPath?: string;
  /** Calls per minute and access token (default 600; docs/api.md). */
  apiTokenRateLimit?: number;
  /** Failed bearer values per minute and client address before its bearer calls get 429 (default 20; docs/api.md). */
  bearerFailureLimit?: number;
  /** The HTTP server's timeouts (server.ts from CONNECTION_TIMEOUT_MS …; fastify's defaults without). */
  timeouts?: { connectionMs: number; requestMs: number; keepAliveMs: number };
  /**
   * @fastify/under-pressure (plugins/under-pressure.ts): 503 server-busy above these; 0 turns a limit off. Without it
   * (API tests) no limit applies. `sampleIntervalMs` only for tests.
   */
  underPressure?: { maxEventLoopDelayMs: number; maxHeapUsedMb: number; sampleIntervalMs?: number };
  /** The key webhook secrets are sealed with (WEBHOOK_KEY; default: derived from jwtSecret). */
  webhookKey?: string | undefined;
  /** A portal in development: webhooks may call http://127.0.0.1 and localhost (NODE_ENV not production). */
  webhookDevelopment?: boolean;
  /** Tests: the fetch the single sign-on calls to a provider go through (to alter its answers on the way). */
  ssoFetch?: typeof fetch;
}

/** Everything the routes need from outside, so that tests can give their own. */
export interface AppDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  hasher: PasswordHasher;
  tokens: LinkTokens;
  /** Attachments (answer documents). */
  files: FileStore;
  /** Certificates as PDF (Chromium); without it the certificates module starts its own and closes it with the app. */
  pdf?: PdfRenderer;
  /** Milliseconds since the epoch. */
  clock: () => number;
  config: AppConfig;
  /** The database's change notifications; with them sessions are checked from a cache (plugins/auth.ts). */
  listen?: Database['listen'];
  /** The PostgreSQL pool's connections for /metrics (absent on the embedded database). */
  poolStats?: Database['poolStats'];
}
