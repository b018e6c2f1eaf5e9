import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { testerRoutes } from './testers.ts';
import { reviewStateRoutes } from './states.ts';
import { internalCheckRoutes } from './internal-check.ts';
import { auditVerifyRoutes } from './audit-verify.ts';
import { evidenceCheckRoutes } from './evidence-checks.ts';

/** Review, evaluation and verification (issue 14). */
export const reviewModuleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(testerRoutes, deps);
  await app.register(reviewStateRoutes, deps);
  await app.register(internalCheckRoutes, deps);
  await app.register(auditVerifyRoutes, deps);
  await app.register(evidenceCheckRoutes, deps);
};
