// A bank's program against the portal, written with a client generated from the published description:
//   npx openapi-typescript http://127.0.0.1:3000/api/openapi.json -o ecore-api.d.ts
// Every id it sends is a number the API answered, passed on as it came: no conversion, no glue.
// `npm test` generates ecore-api.d.ts beside it, type-checks it and runs it (test/client/generated-client.test.ts).
import createClient from 'openapi-fetch';
import type { paths } from './ecore-api';

export async function example(baseUrl: string, userName: string, password: string) {
  const portal = createClient<paths>({ baseUrl, headers: { 'accept-language': 'en' } });

  // Sign in (or skip this and send a personal access token, ecore_pat_…).
  const { data: session, error: refused } = await portal.POST('/api/user/login', { body: { userName, password } });
  if (!session) throw new Error(`sign-in refused: ${refused.key}`);
  // An account with an authenticator app answers a second step to take (POST /api/user/login/totp) instead.
  if (!('accessToken' in session)) throw new Error(`sign-in needs a second factor: ${session.secondFactor}`);
  const api = createClient<paths>({ baseUrl, headers: { 'accept-language': 'en', authorization: `Bearer ${session.accessToken}` } });

  // The objects whose questionnaire is being filled in, ten to a page.
  const { data: list } = await api.GET('/api/asset', { params: { query: { page: 1, pageSize: 10, assetState: 'Active' } } });
  const first = list?.items[0];
  if (!first) throw new Error('no object with a questionnaire in progress');

  // One object, read by the id the list gave.
  const { data: object } = await api.GET('/api/asset/{id}', { params: { path: { id: first.id } } });
  if (!object) throw new Error(`object ${first.id} not readable`);

  // Its questionnaires, the latest with its questions, and that one's score.
  const { data: questionnaires } = await api.GET('/api/asset/{id}/questionnaire/simplified', { params: { path: { id: object.id } } });
  const latest = questionnaires?.[0];
  if (!latest) throw new Error(`object ${object.id} has no questionnaire`);
  const ids = { id: object.id, qid: latest.id };
  const { data: filled } = await api.GET('/api/asset/{id}/questionnaire/{qid}', { params: { path: ids } });
  const { data: score } = await api.GET('/api/asset/{id}/questionnaire/{qid}/score', { params: { path: ids } });
  if (!filled || !score) throw new Error(`questionnaire ${latest.id} not readable`);

  // Save an answer to the first question that takes a figure.
  const questions = filled.clusters.flatMap((c) => c.categories.flatMap((category) => category.sections.flatMap((section) => section.questions)));
  const question = questions.find((q) => q.type === 'ValueQuestion');
  if (!question?.id) throw new Error('no stored question takes a figure');
  const { data: saved, error: notSaved } = await api.PUT('/api/asset/answer', { body: [{ assetId: object.id, questionId: question.id, inputAnswer: 1234 }] });
  if (!saved) throw new Error(`answer refused: ${notSaved.key}`);

  // A refusal arrives typed: its status, its key and its message in the request's language.
  const { error, response } = await api.GET('/api/asset/{id}', { params: { path: { id: 2_147_483_647 } } });

  return {
    total: list.total,
    pageSize: list.pageSize,
    object: { id: object.id, name: object.objectName },
    questionnaires: questionnaires.length,
    score: { questionnaireId: score.questionnaireId, ecore: score.result.ecore },
    saved: saved.answers.map((a) => ({ questionId: a.questionId, inputAnswer: a.inputAnswer })),
    missing: { status: response.status, key: error?.key, message: error?.message },
  };
}
