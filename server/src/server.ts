import type { Server } from 'node:http';
import closeWithGrace from 'close-with-grace';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openMigratedDatabase } from '@ecore/adapters/db/database.ts';
import { argon2Hasher } from '@ecore/adapters/crypto/passwords.ts';
import { linkTokens } from '@ecore/adapters/crypto/link-tokens.ts';
import { createMailer } from '@ecore/adapters/mail/mailer.ts';
import { createFolderFileStore } from '@ecore/adapters/files/file-store.ts';
import { seedDemoEvidence } from './demo/demo-evidence.ts';
import { createS3FileStore } from '@ecore/adapters/files/s3-file-store.ts';
import { createChromiumPdfRenderer } from '@ecore/adapters/pdf/chromium-pdf.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from '@ecore/migrations/demo-seed.ts';
import { seedDemoAssets } from '@ecore/migrations/demo-assets.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from './demo/demo-answers.ts';
import { seedDemoPeers } from './demo/demo-peers.ts';
import { seedDemoInternalCheck, seedDemoReview } from './demo/demo-review.ts';
import { seedDemoExports } from './demo/demo-exports.ts';
import { seedDemoLoans } from './demo/demo-loans.ts';
import { sweep, SWEEP_INTERVAL_MS } from './sweeps.ts';
import { markRunning, runningPortal } from './ops/running.ts';
import { seedDemoOutliers } from './demo/demo-outliers.ts';
import { seedDemoAnnual } from './demo/demo-annual.ts';
import { seedDemoWorklist } from './demo/demo-worklist.ts';
import { seedDemoFailedImport } from './demo/demo-failed-import.ts';
import { sendLabelReminders } from './routes/certificates/reminders.ts';
import { roleName, type Role } from '@ecore/core/identity/roles.ts';
import { buildApp } from './app.ts';
import { startWebhookWorker } from './routes/webhooks/delivery.ts';
import { startAuditSealer } from './routes/review/audit-sealer.ts';
import { webhookSecrets } from '@ecore/adapters/crypto/webhook-secrets.ts';
import { listenForMetrics } from './plugins/metrics.ts';
import { loadConfig } from './config.ts';
import { limitHeapGrowth } from './ops/heap.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** Starts the portal: migrate, load demo data, serve API and client, print where and how to sign in. */
async function main() {
  const config = loadConfig();
  limitHeapGrowth(config.heapGrowingPercent);
  // The embedded database is one process's: a second portal on the same DATA_DIR would damage it.
  const other = config.databaseUrl ? null : runningPortal(config.dataDir);
  if (other) throw new Error(`Another portal (process ${other}) runs on ${config.dataDir}; stop it first or give this one another DATA_DIR.`);
  // Backup and restore of the embedded database refuse while this note says the portal runs (ops/running.ts).
  const released = markRunning(config.dataDir);
  process.once('exit', released);
  const database = await openMigratedDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize, pgliteDir: join(config.dataDir, 'db') });
  const hasher = argon2Hasher();
  if (config.loadDemoData) {
    const { seeded } = await seedDemoData(database.db, await hasher.hash(DEMO_PASSWORD));
    if (seeded) console.log('Demo data loaded.');
    await seedDemoQuestionnaires(database.db);
    await seedDemoAssets(database.db);
    await seedDemoAnswers(database.db, new Date());
    // Six scored offices of another organisation: the benchmark against peers shows right after the first start.
    await seedDemoPeers(database.db, new Date());
    await seedDemoReview(database.db, new Date());
    // The owner's internal check of the job in Review: the demo internal tester's first marks (DOMAIN.md §1).
    await seedDemoInternalCheck(database.db, new Date());
    await seedDemoExports(database.db, new Date());
    // The demo bank's loans over the objects it sees: every data quality case and taxonomy result (docs/banks.md).
    await seedDemoLoans(database.db, new Date());
    // The yearly cycle (issue 22): a renewal under way and a label about to expire.
    await seedDemoAnnual(database.db, new Date());
    // Plausibility checks (issue 40): one open and one explained flag on the renewal under way.
    await seedDemoOutliers(database.db, new Date());
  }
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: join(config.dataDir, 'outbox'),
    from: config.mailFrom,
    // Structured (pino) log lines: a CR/LF in a subject cannot forge a line; links only from the outbox (adapters/mail).
    // The line carries the requestId of the request that sent the mail.
    onSent: (sent) => app.currentLog().info({ mail: sent }, sent.delivery === 'smtp' ? 'mail sent' : 'mail written to the outbox'),
  });
  const appConfig = {
    jwtSecret: config.jwtSecret,
    secretsKey: config.secretsKey,
    publicUrl: config.publicUrl,
    twoFactorLogin: config.twoFactorLogin,
    authRateLimit: config.authRateLimit,
    apiTokenRateLimit: config.apiTokenRateLimit,
    bearerFailureLimit: config.bearerFailureLimit,
    webDistDir: join(here, '../../web/dist'),
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    metricsToken: config.metricsToken,
    metricsPort: config.metricsPort,
    timeouts: config.timeouts,
    underPressure: config.underPressure,
    webhookKey: config.webhookKey,
    webhookDevelopment: config.development,
  };
  // One node: a folder in DATA_DIR; several nodes behind a load balancer: one S3-compatible bucket for all (README).
  const files = config.fileStore.kind === 's3' ? createS3FileStore(config.fileStore) : createFolderFileStore(join(config.dataDir, 'files'));
  // The evidence library (docs/evidence.md): documents linked to answers of two objects, one of them already checked.
  if (config.loadDemoData) await seedDemoEvidence(database.db, files, new Date());
  // The worklist's dated items and a paused webhook with its deliveries (its library document needs the file store).
  if (config.loadDemoData) await seedDemoWorklist(database.db, files, new Date(), config.webhookKey ?? config.jwtSecret);
  // A nightly object import of the owner refused because two rows failed: on the importers' worklists.
  if (config.loadDemoData) await seedDemoFailedImport(database.db, new Date());
  // Certificates as PDF: the browser starts with the first certificate asked for and ends with the server.
  const pdf = createChromiumPdfRenderer({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  const app = await buildApp({ db: database.db, listen: database.listen, poolStats: database.poolStats, mailer, hasher, tokens: linkTokens, files, pdf, clock: Date.now, config: appConfig });

  // Closed questionnaires past their validity become Expired (issue 14), sign-in records older than 90 days
  // are deleted (issue 24), labels expiring in 60 and 30 days are reminded once (issue 22): at start and every hour.
  const sweepNow = () => {
    void sweep(database.db, Date.now(), (what, err) => app.log.error({ err }, what));
    void sendLabelReminders(database.db, mailer, appConfig.publicUrl, Date.now()).catch((err: unknown) => app.log.error({ err }, 'label reminders failed'));
  };
  sweepNow();
  const sweeping = setInterval(sweepNow, SWEEP_INTERVAL_MS);
  sweeping.unref();
  // Webhooks (docs/webhooks.md): this process's delivery worker claims due events in the database, so that several
  // processes send each one once.
  const webhooks = startWebhookWorker(
    database.db,
    { secrets: webhookSecrets(config.webhookKey ?? config.jwtSecret), development: config.development, clock: Date.now },
    (err) => app.log.error({ err }, 'webhook delivery failed'),
  );
  // The audit chain (docs/security.md): the rows the requests wrote are linked into their organisations' chains
  // every second, in the order they were written.
  const auditSealer = startAuditSealer(database.db, (err) => app.log.error({ err }, 'linking audit rows failed'));

  let metricsServer: Server | undefined;
  // Graceful stop (issue 18): on SIGTERM or SIGINT the portal answers new requests 503 (fastify's
  // return503OnClosing), lets the requests in flight finish, closes the browser and the database and exits 0; after
  // SHUTDOWN_GRACE_MS it ends anyway with exit 1. An uncaught error is logged and stops it the same way (exit 1).
  closeWithGrace({ delay: config.shutdownGraceMs, logger: { error: (m: unknown, ...rest: unknown[]) => app.log.error({ rest }, String(m)) } }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an uncaught error');
    console.log(`Stopping${signal ? ` on ${signal}` : ''}: finishing the requests in flight …`);
    clearInterval(sweeping);
    await webhooks.stop();
    metricsServer?.close();
    await app.close();
    await auditSealer.stop();
    await pdf.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  if (config.metricsPort !== undefined) metricsServer = await listenForMetrics(app, config.metricsPort, config.host);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.includes(`:${config.port}`) ? config.publicUrl.replace(`:${config.port}`, `:${port}`) : config.publicUrl;
  // With PORT=0 the port is known only now; mailed links must carry it (unless PUBLIC_URL was given).
  appConfig.publicUrl = url;
  console.log(`\nECORE portal ready at ${url}  (API description: ${url}/api/docs, database: ${database.kind})`);
  if (!config.smtpUrl) {
    console.log(`Mail goes to .eml files in ${join(config.dataDir, 'outbox')}; for development their links are also logged. Set SMTP_URL to send mail (links are then never logged).`);
  }
  if (config.loadDemoData) {
    console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) {
      console.log(`  ${u.userName.padEnd(15)} ${`${u.firstName} ${u.lastName}`.padEnd(16)} ${u.roles.map((r) => roleName(r as Role)).join(' + ')}`);
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
