import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { groupReviewRoutes } from './group-review.ts';
import { groupRoutes } from './groups.ts';

/** Object groups (portfolios): their records and objects (spec 02 §3), and their submission, review and decline (DOMAIN.md §4). */
export const objectGroupModuleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(groupRoutes, deps);
  await app.register(groupReviewRoutes, deps);
};
