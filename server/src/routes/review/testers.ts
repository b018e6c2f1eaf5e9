import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assetGrants, groupScope } from '@ecore/core/assets/asset-access.ts';
import { mayAssignTesters } from '@ecore/core/review/testers.ts';
import { testerAssignedMail } from '@ecore/core/review/review-mails.ts';
import { idParam } from '@ecore/core/shared/schemas.ts';
import { listTesters } from '@ecore/adapters/db/identity/user-accounts-repository.ts';
import { findGroup } from '@ecore/adapters/db/object-groups/groups-repository.ts';
import { assignAssetTester, assignGroupTester } from '@ecore/adapters/db/review/testers-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { visibleAsset } from '../answering/context.ts';

const tags = ['review'];
const security = [{ bearerAuth: [] }];
const responses = { 204: z.null(), ...errorResponses, 403: errorSchema } as const;

/**
 * Assigning a tester to an object or a group (spec 02 §2 "assign tester", §7 `PUT asset/tester`,
 * `PUT assetGroup/tester`): by those who hand out work (core mayAssignTesters), to a user core's
 * isAssignableTester offers (the same list as `GET /api/user/testers`); the tester then sees the job.
 */
export const testerRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);

  const checkedTester = async (testerId: number) => {
    const testers = await listTesters(deps.db);
    if (!testers.some((t) => t.id === testerId)) throw new FieldsError([{ path: 'testerId', key: 'tasks-assignTester-error' }]);
  };

  /** The tester learns of the new job by mail, in their language (issue 14). */
  const tellTester = async (testerId: number, jobName: string, log: FastifyBaseLogger) => {
    const tester = await deps.db.selectFrom('users').select(['email', 'first_name', 'last_name', 'language']).where('id', '=', testerId).executeTakeFirst();
    if (!tester) return;
    const language = tester.language === 'en' ? 'en' : 'de';
    app.runInBackground('tester mail', () =>
      deps.mailer.send(testerAssignedMail(language, tester.email, `${tester.first_name} ${tester.last_name}`, jobName, `${deps.config.publicUrl}/job-management`)),
      log,
    );
  };

  app.put(
    '/asset/tester',
    {
      schema: { tags, security, summary: 'Assigns a tester to an object', querystring: z.object({ assetId: idParam, testerId: idParam }), response: responses },
    },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      const asset = await visibleAsset(deps.db, actor, request.query.assetId);
      if (!mayAssignTesters(actor)) throw new HttpError(403, 'forbidden');
      await checkedTester(request.query.testerId);
      await assignAssetTester(deps.db, asset.id, request.query.testerId);
      await tellTester(request.query.testerId, asset.objectName, request.log);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/assetGroup/tester',
    {
      schema: { tags, security, summary: 'Assigns a tester to a group and its objects', querystring: z.object({ assetGroupId: idParam, testerId: idParam }), response: responses },
    },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      const group = await findGroup(deps.db, request.query.assetGroupId, groupScope(actor), assetGrants(actor));
      if (!group) throw new HttpError(404, 'not-found');
      if (!mayAssignTesters(actor)) throw new HttpError(403, 'forbidden');
      await checkedTester(request.query.testerId);
      await deps.db.transaction().execute((trx) => assignGroupTester(trx, group.id, request.query.testerId));
      await tellTester(request.query.testerId, group.name, request.log);
      return reply.status(204).send(null);
    },
  );
};
