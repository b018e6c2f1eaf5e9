import Fastify, { LogController, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
import { underPressurePlugin } from './plugins/under-pressure.ts';
import { schemaSerializerCompiler } from './plugins/serializer.ts';
import { webClientPlugin } from './plugins/web-client.ts';
import { backgroundPlugin } from './plugins/background.ts';
import { requestId, requestIdPlugin } from './plugins/request-id.ts';
import { routeListPlugin } from './plugins/route-list.ts';
import { Registry } from 'prom-client';
import { metricsPlugin, queryTimer } from './plugins/metrics.ts';
import { identityRoutes } from './routes/identity/index.ts';
import { questionnaireRoutes } from './routes/questionnaires/index.ts';
import { appConfigRoutes } from './routes/app-config.ts';
import { healthRoutes } from './routes/health.ts';
import { organisationRoutes } from './routes/organisations/organisations.ts';
import { signInPolicyRoutes } from './routes/organisations/sign-in-policy.ts';
import { exportModuleRoutes } from './routes/exports/index.ts';
import { assetModuleRoutes } from './routes/assets/index.ts';
import { answeringModuleRoutes } from './routes/answering/index.ts';
import { reviewModuleRoutes } from './routes/review/index.ts';
import { objectGroupModuleRoutes } from './routes/object-groups/index.ts';
import { scoringModuleRoutes } from './routes/scoring/index.ts';
import { certificatesModuleRoutes } from './routes/certificates/index.ts';
import { analysisModuleRoutes } from './routes/analysis/index.ts';
import { importModuleRoutes } from './routes/imports/index.ts';
import { bankModuleRoutes } from './routes/banks/index.ts';
import { reportingModuleRoutes } from './routes/reporting/index.ts';
import { worklistModuleRoutes } from './routes/worklist/index.ts';
import { webhookModuleRoutes } from './routes/webhooks/index.ts';
import type { AppDeps } from './deps.ts';

export type { AppConfig, AppDeps } from './deps.ts';

/** Builds the application without listening (fastify/demo style); server.ts listens. */
export async function buildApp(given: AppDeps): Promise<FastifyInstance> {
  // With METRICS_TOKEN or METRICS_PORT the queries are timed for /metrics (plugins/metrics.ts); without, nothing is measured.
  const registry = given.config.metricsToken || given.config.metricsPort !== undefined ? new Registry() : undefined;
  const deps: AppDeps = registry ? { ...given, db: given.db.withPlugin(queryTimer(registry)) } : given;
  const app = Fastify({
    logger: deps.config.logLevel && deps.config.logLevel !== 'silent' ? { level: deps.config.logLevel, ...(deps.config.logStream ? { stream: deps.config.logStream } : {}) } : false,
    // Every log line of a request carries its id as requestId, taken from X-Request-Id or made (plugins/request-id.ts).
    genReqId: requestId,
    // Request lines would repeat every URL with its query (link tokens among them); errors are logged.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    bodyLimit: 1024 * 1024,
    // Behind a proxy or load balancer (TRUST_PROXY) the client's address comes from X-Forwarded-For, so rate limits count per client.
    trustProxy: deps.config.trustProxy ?? false,
    ajv: { customOptions: { coerceTypes: false } },
    // Transport (docs/security.md): a silent socket, a request that takes too long to arrive and an idle keep-alive
    // connection are closed (the keep-alive one after a load balancer's usual 60 s, so that it never reuses a closed one).
    ...(deps.config.timeouts
      ? { connectionTimeout: deps.config.timeouts.connectionMs, requestTimeout: deps.config.timeouts.requestMs, keepAliveTimeout: deps.config.timeouts.keepAliveMs }
      : {}),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(schemaSerializerCompiler({ check: deps.config.checkResponses ?? false }));

  await app.register(routeListPlugin);
  await app.register(requestIdPlugin);
  await app.register(errorsPlugin);
  if (deps.config.underPressure) await app.register(underPressurePlugin, deps.config.underPressure);
  await app.register(inputGuardPlugin);
  await app.register(securityPlugin);
  // Before compression: a kept answer (Idempotency-Key) is the JSON text, not its compressed stream.
  await app.register(idempotencyPlugin, deps);
  // Answers of 1 KB and more go out as Brotli or gzip when the request accepts it (the built client's files
  // come compressed from the build, web-client.ts).
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(openapiPlugin);
  await app.register(backgroundPlugin);
  if (registry) await app.register(metricsPlugin, { token: deps.config.metricsToken, poolStats: deps.poolStats, registry });
  await app.register(authPlugin, deps);

  // Module route plugins receive the dependencies as their options; the prefix stays out of them.
  await app.register(
    async (api) => {
      await api.register(appConfigRoutes, deps);
      await api.register(healthRoutes, deps);
      await api.register(identityRoutes, deps);
      await api.register(questionnaireRoutes, deps);
      await api.register(organisationRoutes, deps);
      await api.register(signInPolicyRoutes, deps);
      await api.register(exportModuleRoutes, deps);
      await api.register(assetModuleRoutes, deps);
      await api.register(answeringModuleRoutes, deps);
      await api.register(reviewModuleRoutes, deps);
      await api.register(objectGroupModuleRoutes, deps);
      await api.register(scoringModuleRoutes, deps);
      await api.register(certificatesModuleRoutes, deps);
      await api.register(analysisModuleRoutes, deps);
      await api.register(importModuleRoutes, deps);
      await api.register(bankModuleRoutes, deps);
      await api.register(reportingModuleRoutes, deps);
      await api.register(worklistModuleRoutes, deps);
      await api.register(webhookModuleRoutes, deps);
    },
    { prefix: '/api' },
  );

  await app.register(webClientPlugin, { distDir: deps.config.webDistDir ?? '/nonexistent' });
  return app;
}
