import Fastify, { LogController, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
import { schemaSerializerCompiler } from './plugins/serializer.ts';
import { webClientPlugin } from './plugins/web-client.ts';
import { backgroundPlugin } from './plugins/background.ts';
import { identityRoutes } from './routes/identity/index.ts';
import { questionnaireRoutes } from './routes/questionnaires/index.ts';
import { appConfigRoutes } from './routes/app-config.ts';
import { organisationRoutes } from './routes/organisations/organisations.ts';
import { exportModuleRoutes } from './routes/exports/index.ts';
import { assetModuleRoutes } from './routes/assets/index.ts';
import { answeringModuleRoutes } from './routes/answering/index.ts';
import { reviewModuleRoutes } from './routes/review/index.ts';
import { scoringModuleRoutes } from './routes/scoring/index.ts';
import { certificatesModuleRoutes } from './routes/certificates/index.ts';
import { analysisModuleRoutes } from './routes/analysis/index.ts';
import { importModuleRoutes } from './routes/imports/index.ts';
import type { AppDeps } from './deps.ts';

export type { AppConfig, AppDeps } from './deps.ts';

/** Builds the application without listening (fastify/demo style); server.ts listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.config.logLevel && deps.config.logLevel !== 'silent' ? { level: deps.config.logLevel } : false,
    // Request lines would repeat every URL with its query (link tokens among them); errors are logged.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // Behind a proxy or load balancer (TRUST_PROXY) the client's address comes from X-Forwarded-For, so rate limits count per client.
    trustProxy: deps.config.trustProxy ?? false,
    ajv: { customOptions: { coerceTypes: false } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(schemaSerializerCompiler({ check: deps.config.checkResponses ?? false }));

  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityPlugin);
  // Answers of 1 KB and more go out as Brotli or gzip when the request accepts it (the built client's files
  // come compressed from the build, web-client.ts).
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(openapiPlugin);
  await app.register(backgroundPlugin);
  await app.register(authPlugin, deps);

  // Module route plugins receive the dependencies as their options; the prefix stays out of them.
  await app.register(
    async (api) => {
      await api.register(appConfigRoutes, deps);
      await api.register(identityRoutes, deps);
      await api.register(questionnaireRoutes, deps);
      await api.register(organisationRoutes, deps);
      await api.register(exportModuleRoutes, deps);
      await api.register(assetModuleRoutes, deps);
      await api.register(answeringModuleRoutes, deps);
      await api.register(reviewModuleRoutes, deps);
      await api.register(scoringModuleRoutes, deps);
      await api.register(certificatesModuleRoutes, deps);
      await api.register(analysisModuleRoutes, deps);
      await api.register(importModuleRoutes, deps);
    },
    { prefix: '/api' },
  );

  await app.register(webClientPlugin, { distDir: deps.config.webDistDir ?? '/nonexistent' });
  return app;
}
