import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { answerRoutes } from './answer-routes.ts';
import { answeringShared } from './answering-shared.ts';
import { groupDefaultsRoutes } from './group-defaults-routes.ts';
import { lockRoutes } from './lock-routes.ts';
import { questionnaireRoutes } from './questionnaire-routes.ts';
import { versionRoutes } from './version-routes.ts';


/**
 * Filled questionnaires: start, read, delete, answer, comment, change log, lock, cluster I defaults, update to the
 * active version and submit for review (spec 02 §2–§8, DOMAIN.md §3, §7, §8, §9; docs/answering.md).
 */
export const answeringRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  const shared = answeringShared(app, deps);
  questionnaireRoutes(app, deps, shared);
  answerRoutes(app, deps, shared);
  lockRoutes(app, deps, shared);
  groupDefaultsRoutes(app, deps, shared);
  versionRoutes(app, deps, shared);
};
