import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** PostgreSQL connections per process unless DATABASE_POOL_SIZE says otherwise. */
const DEFAULT_POOL_SIZE = 10;
const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_SIZE),
  DEMO_DATA: flag,
  JWT_SECRET: z.string().min(32).optional(),
  WEBHOOK_KEY: z.string().min(32).optional(),
  SECRETS_KEY: z.string().min(32).optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('ECORE Portal <no-reply@ecore-portal.example>'),
  TWO_FACTOR_LOGIN: flag,
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  BEARER_FAILURE_LIMIT: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  NODE_ENV: z.string().optional(),
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(65_000),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).optional(),
  MAX_HEAP_USED_MB: z.coerce.number().int().min(0).default(0),
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(400).default(50),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).default(10_000),
  FILE_STORE: z.enum(['folder', 's3']).default('folder'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag,
  S3_PREFIX: z.string().regex(/^[A-Za-z0-9_./-]*$/).default(''),
});

/** Every variable the portal reads at start (the README's "Configuration" table lists each, config.test.ts checks). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections of this process (a save's transaction holds one while core decides). */
  databasePoolSize: number;
  /** Demo data loads on the embedded database always, on PostgreSQL only with DEMO_DATA=1. */
  loadDemoData: boolean;
  jwtSecret: string;
  /** The key webhook secrets are sealed with (WEBHOOK_KEY); without it, derived from jwtSecret. */
  webhookKey: string | undefined;
  /** Not NODE_ENV=production: webhooks may call http://127.0.0.1 and localhost. */
  development: boolean;
  /** The key that seals stored secrets (authenticator-app seeds; docs/sign-in.md). */
  secretsKey: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  twoFactorLogin: boolean;
  /** Sign-in and reset requests per minute and address. */
  authRateLimit: number;
  apiTokenRateLimit: number;
  bearerFailureLimit: number;
  logLevel: string;
  /** Whom to believe for the client's address (X-Forwarded-For): false, true or the proxies' addresses. */
  trustProxy: boolean | string;
  /** The bearer token of GET /metrics; unset: no /metrics on the portal's port. */
  metricsToken: string | undefined;
  /** A port of its own for GET /metrics without a token (the private network's scraper). */
  metricsPort: number | undefined;
  /** Socket inactivity, whole-request and keep-alive timeouts of the HTTP server (docs/security.md "Transport"). */
  timeouts: { connectionMs: number; requestMs: number; keepAliveMs: number };
  /** Above these the portal answers 503 (server-busy) instead of queuing work: event-loop delay, heap in MB (0: off). */
  underPressure: { maxEventLoopDelayMs: number; maxHeapUsedMb: number };
  /** How long a stop (SIGTERM, SIGINT) waits for requests in flight before it ends the process anyway. */
  /**
   * How far V8 lets the heap grow past what the last full collection kept before it collects again, in percent
   * (ops/heap.ts); 0 leaves V8's own factor (up to 300 % on a large machine).
   */
  heapGrowingPercent: number;
  shutdownGraceMs: number;
  /** Where attachments are kept: `DATA_DIR/files` (one node) or an S3-compatible bucket (several nodes). */
  fileStore: { kind: 'folder' } | { kind: 's3'; endpoint: string | undefined; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean; prefix: string };
}

/** Reads the configuration variables (README "Configuration"); throws naming the variable that is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`configuration: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  // A secret made on the machine and kept in DATA_DIR is for trying the portal out; a production start must be
  // given its secret (from the operator's secret store), so that every node signs alike and a copy of
  // DATA_DIR (a backup) holds no key to the sessions.
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new Error('configuration: JWT_SECRET: NODE_ENV=production needs JWT_SECRET (at least 32 characters); the generated development secret is refused');
  }
  if (e.NODE_ENV === 'production' && !e.SECRETS_KEY) {
    throw new Error('configuration: SECRETS_KEY: NODE_ENV=production needs SECRETS_KEY (at least 32 characters); the generated development key is refused');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    loadDemoData: !e.DATABASE_URL || e.DEMO_DATA,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    webhookKey: e.WEBHOOK_KEY || undefined,
    development: e.NODE_ENV !== 'production',
    secretsKey: e.SECRETS_KEY ?? persistentSecret(dataDir, 'secrets-key'),
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    twoFactorLogin: e.TWO_FACTOR_LOGIN,
    authRateLimit: e.AUTH_RATE_LIMIT,
    apiTokenRateLimit: e.API_TOKEN_RATE_LIMIT,
    bearerFailureLimit: e.BEARER_FAILURE_LIMIT,
    logLevel: e.LOG_LEVEL,
    trustProxy: trustProxySetting(e.TRUST_PROXY),
    metricsToken: e.METRICS_TOKEN || undefined,
    metricsPort: e.METRICS_PORT,
    timeouts: { connectionMs: e.CONNECTION_TIMEOUT_MS, requestMs: e.REQUEST_TIMEOUT_MS, keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS },
    // On the embedded database the queries run on the event loop itself (a long export holds it by design) and there
    // is no other node to send a caller to: the delay limit is off there unless it is set.
    underPressure: { maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS ?? (e.DATABASE_URL ? 1000 : 0), maxHeapUsedMb: e.MAX_HEAP_USED_MB },
    heapGrowingPercent: e.HEAP_GROWING_PERCENT,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    fileStore: fileStoreSetting(e),
  };
}

/** FILE_STORE=s3 needs a bucket and its keys; the start stops naming the first one missing. */
function fileStoreSetting(e: z.infer<typeof envSchema>): ServerConfig['fileStore'] {
  if (e.FILE_STORE === 'folder') return { kind: 'folder' };
  for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!e[name]) throw new Error(`configuration: ${name}: FILE_STORE=s3 needs ${name}`);
  }
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT || undefined,
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    prefix: e.S3_PREFIX,
  };
}

/**
 * TRUST_PROXY: unset, empty, 0 or false trusts nobody (the default: the peer's address counts); true or 1
 * trusts every proxy in front; otherwise a comma-separated list of the proxies' addresses or CIDR ranges
 * (for example 10.0.0.0/8,127.0.0.1), the safer choice.
 */
export function trustProxySetting(value: string | undefined): boolean | string {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v === 'false') return false;
  if (v === '1' || v === 'true') return true;
  return v;
}

/**
 * Without JWT_SECRET (SECRETS_KEY) a random secret is made once and kept in DATA_DIR, so sessions (sealed secrets)
 * survive a restart; for trying the portal out only.
 */
function persistentSecret(dataDir: string, name = 'jwt-secret'): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
