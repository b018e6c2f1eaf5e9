import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { answerableQuestions, findQuestion } from '@ecore/core/answering/applicability.ts';
import { progress } from '@ecore/core/answering/progress.ts';
import { findAsset } from '@ecore/adapters/db/assets/assets-repository.ts';
import { findSheet, type Sheet } from '@ecore/adapters/db/answering/sheet-repository.ts';
import { findTemplate } from '@ecore/adapters/db/questionnaires/templates-repository.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { scoredTemplate } from '../questionnaires/template-cache.ts';
import { rescore } from '../scoring/stored-score.ts';
import { storedAnswers, structureFor } from './context.ts';
import { saveSheetAnswers, type ScoreWith } from './save-answers.ts';

const OFFICE = 'Bürohaus Mainzer Landstraße';

// A save reads the filled questionnaire in its transaction with the questionnaire's row locked, which every writer of
// its answers takes first, and decides on that (core decideSave): never on a copy read before. These tests change
// answers behind what the app may keep, save in parallel, and show that each save decides on the answers as they are.
describe('saving answers: one transaction on the questionnaire read with its row locked', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    await h.resetTo('answered', async () => {
      await seedDemoQuestionnaires(h.db);
      await seedDemoAnswers(h.db, new Date(h.clock.now));
    });
  });

  /** The office's sheet as read, one of its value answers, and a value question it has no answer to (removed first). */
  const setUp = async () => {
    const assetId = (await h.db.selectFrom('assets').select('id').where('name', '=', OFFICE).executeTakeFirstOrThrow()).id;
    const asset = (await findAsset(h.db, assetId))!;
    const before = (await findSheet(h.db, assetId, null))!;
    const template = scoredTemplate((await findTemplate(h.db, before.row.questionnaireId))!);
    const structure = structureFor(template, asset);
    const values = before.answers.filter((a) => a.state === 'Answered' && a.inputAnswer !== null && findQuestion(structure, a.questionId)?.type === 'ValueQuestion');
    const unanswered = values[1]!.questionId;
    await h.db.deleteFrom('asset_answer_changes').where('asset_questionnaire_id', '=', before.row.id).where('question_id', '=', unanswered).execute();
    await h.db.deleteFrom('asset_answers').where('id', '=', values[1]!.id).execute();
    const sheet = (await findSheet(h.db, assetId, null))!;
    return { sheet, structure, answered: sheet.answers.find((a) => a.id === values[0]!.id)!, unanswered: { id: unanswered } };
  };
  const put = (sheet: Sheet, questionId: number, inputAnswer: unknown, user: 'collector' | 'objectadmin' = 'collector') =>
    h.as(user, 'PUT', '/api/asset/answer', [{ assetId: sheet.row.assetId, questionId, inputAnswer }]);
  const saveOne = async (sheet: Sheet, questionId: number, inputAnswer: number) => {
    const res = await put(sheet, questionId, inputAnswer);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ answers: { questionId: number; inputAnswer: number | null; state: string | null }[]; progress: { answered: number } }>();
  };
  const changesOf = (sheet: Sheet, questionId: number) =>
    h.db.selectFrom('asset_answer_changes').select(['kind', 'old_value', 'new_value', 'user_name']).where('asset_questionnaire_id', '=', sheet.row.id).where('question_id', '=', questionId).orderBy('id').execute();
  const valueOf = async (sheet: Sheet, questionId: number) =>
    (await h.db.selectFrom('asset_answers').select('input_answer').where('asset_questionnaire_id', '=', sheet.row.id).where('question_id', '=', questionId).executeTakeFirstOrThrow()).input_answer;
  const storedFigures = (sheet: Sheet) =>
    h.db.selectFrom('asset_questionnaires').select(['ecore_score', 'finance_score', 'score_summary', 'answered_count', 'total_count']).where('id', '=', sheet.row.id).executeTakeFirstOrThrow();
  /** The sheet read as the app reads it (so that it keeps it), then changed behind it. */
  const readThenChange = async (sheet: Sheet, change: () => Promise<unknown>) => {
    expect((await h.as('collector', 'GET', `/api/asset/${sheet.row.assetId}/questionnaire/latest`)).statusCode).toBe(200);
    await change();
  };

  it('writes a changed answer with one change-log row', async () => {
    const { sheet, answered } = await setUp();
    const logged = (await changesOf(sheet, answered.questionId)).length;
    const saved = await saveOne(sheet, answered.questionId, answered.inputAnswer! + 7);
    expect(saved.answers.map((a) => a.inputAnswer)).toEqual([answered.inputAnswer! + 7]);
    expect(await valueOf(sheet, answered.questionId)).toBe(answered.inputAnswer! + 7);
    const changes = await changesOf(sheet, answered.questionId);
    expect(changes).toHaveLength(logged + 1);
    expect(changes.at(-1)).toMatchObject({ kind: 'ModifiedAnswer', user_name: 'Carl Collector' });
  });

  it('sends the value read before another writer changed it: the value is written again, logged against what the row held', async () => {
    const { sheet, answered } = await setUp();
    await readThenChange(sheet, () => h.db.updateTable('asset_answers').set({ input_answer: answered.inputAnswer! + 1 }).where('id', '=', answered.id).execute());
    const logged = (await changesOf(sheet, answered.questionId)).length;
    const saved = await saveOne(sheet, answered.questionId, answered.inputAnswer!);
    expect(saved.answers.map((a) => a.inputAnswer)).toEqual([answered.inputAnswer]);
    expect(await valueOf(sheet, answered.questionId)).toBe(answered.inputAnswer);
    const changes = await changesOf(sheet, answered.questionId);
    expect(changes).toHaveLength(logged + 1);
    expect(changes.at(-1)).toMatchObject({ kind: 'ModifiedAnswer', old_value: { value: { inputAnswer: answered.inputAnswer! + 1 } }, new_value: { value: { inputAnswer: answered.inputAnswer } } });
  });

  it('gives a first answer another writer gave since: it changes that answer, logged as a change, not a second first answer', async () => {
    const { sheet, structure, unanswered } = await setUp();
    await readThenChange(sheet, () =>
      h.db.insertInto('asset_answers').values({ asset_questionnaire_id: sheet.row.id, question_id: unanswered.id, input_answer: 3, option_ids: [], state: 'Answered', modified_by: 'Other' }).execute(),
    );
    const saved = await saveOne(sheet, unanswered.id, 4);
    expect(saved.answers.map((a) => a.inputAnswer)).toEqual([4]);
    expect(await valueOf(sheet, unanswered.id)).toBe(4);
    expect((await changesOf(sheet, unanswered.id)).map((c) => c.kind)).toEqual(['ModifiedAnswer']);
    // Progress counts it once.
    expect(saved.progress.answered).toBe(progress(structure, storedAnswers(sheet.answers, [])).answered + 1);
  });

  it('answers a question for the first time with one answer row and one "Answered" change', async () => {
    const { sheet, structure, unanswered } = await setUp();
    const saved = await saveOne(sheet, unanswered.id, 12.5);
    expect(saved.answers.map((a) => [a.inputAnswer, a.state])).toEqual([[12.5, 'Answered']]);
    expect((await changesOf(sheet, unanswered.id)).map((c) => c.kind)).toEqual(['Answered']);
    expect(saved.progress.answered).toBe(progress(structure, storedAnswers(sheet.answers, [])).answered + 1);
  });

  it("leaves the stored score and progress that scoring the questionnaire's answers anew gives", async () => {
    const { sheet, answered, unanswered } = await setUp();
    for (const [questionId, inputAnswer] of [[answered.questionId, answered.inputAnswer! * 3 + 11], [unanswered.id, 40]] as const) {
      const saved = await saveOne(sheet, questionId, inputAnswer);
      const afterSave = await storedFigures(sheet);
      await rescore(h.db, new Date(h.clock.now), { latestOfAsset: sheet.row.assetId });
      expect(afterSave).toEqual(await storedFigures(sheet));
      expect(afterSave.answered_count).toBe(saved.progress.answered);
    }
  });

  it('a value the answer already says writes nothing; a refusal writes nothing', async () => {
    const { sheet, answered } = await setUp();
    const before = await h.snapshot();
    expect((await saveOne(sheet, answered.questionId, answered.inputAnswer!)).answers.map((a) => a.inputAnswer)).toEqual([answered.inputAnswer]);
    expect(await h.snapshot()).toEqual(before);
    expect((await put(sheet, answered.questionId, 'viel')).statusCode).toBe(400);
    await h.db.insertInto('asset_questionnaire_locks').values({ asset_questionnaire_id: sheet.row.id, user_id: 99, holder_name: 'Tess Tester', since: new Date(h.clock.now), last_activity: new Date(h.clock.now) }).execute();
    const locked = await h.snapshot();
    const refused = await put(sheet, answered.questionId, answered.inputAnswer! + 1);
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toMatchObject({ lockedStatus: { currentLockerName: 'Tess Tester' } });
    expect(await h.snapshot()).toEqual(locked);
  });

  it('saveSheetAnswers stores the figures of the score it is given for the answers after the save', async () => {
    const { sheet, structure, answered } = await setUp();
    const figures = { ecore: 61.5, finance: 2.25, summary: { mark: 'with the answer' }, scoredAt: new Date(h.clock.now) };
    const scoreWith: ScoreWith = (answers) => {
      expect(answers.find((a) => a.questionId === answered.questionId)?.inputAnswer).toBe(answered.inputAnswer! + 3);
      return figures;
    };
    const saved = await h.db.transaction().execute(async (trx) => {
      const locked = (await findSheet(trx, sheet.row.assetId, null, true))!;
      const items = [{ index: 0, questionId: answered.questionId, inputAnswer: answered.inputAnswer! + 3, multipleChoiceOption: [] }];
      return saveSheetAnswers(trx, { actor: { userId: 1 }, by: 'Conny Collector', at: new Date(h.clock.now), now: h.clock.now, locked, structure, items, sampled: false, scoreWith });
    });
    expect(await storedFigures(sheet)).toMatchObject({ ecore_score: 61.5, finance_score: 2.25, score_summary: { mark: 'with the answer' }, answered_count: saved.progress.answered });
  });

  it('20 saves of different answers of one questionnaire at the same time keep all 20, and the figures of all of them', async () => {
    const { sheet, structure } = await setUp();
    // A figure for a value question, the first option for a choice question.
    const sent = answerableQuestions(structure)
      .slice(0, 20)
      .map((q, i) => (q.type === 'ValueQuestion' ? { questionId: q.id!, inputAnswer: 500 + i, multipleChoiceOption: [] } : { questionId: q.id!, inputAnswer: null, multipleChoiceOption: [q.options[0]!.id!] }));
    expect(sent).toHaveLength(20);
    const responses = await Promise.all(sent.map((item) => h.as('collector', 'PUT', '/api/asset/answer', [{ assetId: sheet.row.assetId, ...item }])));
    expect(responses.map((r) => r.statusCode)).toEqual(sent.map(() => 200));
    const stored = await h.db.selectFrom('asset_answers').select(['question_id', 'input_answer', 'option_ids']).where('asset_questionnaire_id', '=', sheet.row.id).execute();
    for (const item of sent) {
      expect(stored.find((a) => a.question_id === item.questionId)).toMatchObject({ input_answer: item.inputAnswer, option_ids: item.multipleChoiceOption });
    }
    const afterSaves = await storedFigures(sheet);
    await rescore(h.db, new Date(h.clock.now), { latestOfAsset: sheet.row.assetId });
    expect(afterSaves).toEqual(await storedFigures(sheet));
  });

  it('20 saves of one answer at the same time leave one of their values, and a change-log row for each change, one after the other', async () => {
    const { sheet, answered } = await setUp();
    const logged = (await changesOf(sheet, answered.questionId)).length;
    const values = Array.from({ length: 20 }, (_, i) => 1000 + i);
    const responses = await Promise.all(values.map((v) => put(sheet, answered.questionId, v)));
    expect(responses.map((r) => r.statusCode)).toEqual(values.map(() => 200));
    const final = await valueOf(sheet, answered.questionId);
    expect(values).toContain(final);
    const changes = (await changesOf(sheet, answered.questionId)).slice(logged);
    // Each save changed the value (all differ): 20 rows, each starting from where the one before ended.
    expect(changes).toHaveLength(20);
    let held: number | null = answered.inputAnswer;
    for (const c of changes) {
      expect(c).toMatchObject({ kind: 'ModifiedAnswer', old_value: { value: { inputAnswer: held } } });
      held = (c.new_value as { value: { inputAnswer: number } }).value.inputAnswer;
    }
    expect(held).toBe(final);
  });

  // A writer holding the questionnaire's row lock (a review marking answers) commits while the save waits for it: the
  // save decides on what it committed.
  it.runIf(process.env.HARNESS_DATABASE === 'postgres')('decides on a change committed while it waited for the questionnaire row lock', async () => {
    const { sheet, answered } = await setUp();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const writer = h.db.transaction().execute(async (trx) => {
      await trx.selectFrom('asset_questionnaires').select('id').where('id', '=', sheet.row.id).forUpdate().execute();
      await trx.updateTable('asset_answers').set({ input_answer: answered.inputAnswer! + 1 }).where('id', '=', answered.id).execute();
      holding();
      await released;
    });
    await held;
    const save = put(sheet, answered.questionId, answered.inputAnswer!);
    // Wait until the save's statement waits for the lock.
    const waiting = async () =>
      Number((await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(h.db)).rows[0]!.n);
    for (let i = 0; i < 200 && (await waiting()) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await waiting()).toBe(1);
    release();
    await writer;
    expect((await save).statusCode).toBe(200);
    expect(await valueOf(sheet, answered.questionId)).toBe(answered.inputAnswer);
    expect((await changesOf(sheet, answered.questionId)).at(-1)).toMatchObject({ kind: 'ModifiedAnswer', old_value: { value: { inputAnswer: answered.inputAnswer! + 1 } } });
  });
});
