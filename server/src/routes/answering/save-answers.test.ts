import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { findQuestion } from '@ecore/core/answering/applicability.ts';
import { progress } from '@ecore/core/answering/progress.ts';
import { findAsset } from '@ecore/adapters/db/assets/assets-repository.ts';
import { createKeptWriter } from '@ecore/adapters/db/answering/kept-writes.ts';
import { findSheet, type Sheet } from '@ecore/adapters/db/answering/sheet-repository.ts';
import { findTemplate } from '@ecore/adapters/db/questionnaires/templates-repository.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { scoredTemplate } from '../questionnaires/template-cache.ts';
import { rescore } from '../scoring/stored-score.ts';
import { storedAnswers, structureFor } from './context.ts';
import { applyAnswers, saveKeptAnswer, type ScoreWith } from './save-answers.ts';
import { answeringCachesOf } from './sheet-cache.ts';

const OFFICE = 'Bürohaus Mainzer Landstraße';

// A save writes an answer over the version of its row that the sheet read (one statement). These tests change the row
// behind the sheet, as a writer that takes no questionnaire lock would (a review's marks), and show that the save then
// decides on the row as it is: it never keeps a value the user did not send, and logs exactly one change.
describe('applyAnswers over a sheet another writer changed since it was read', () => {
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
  const apply = (sheet: Sheet, structure: ReturnType<typeof structureFor>, questionId: number, inputAnswer: number) =>
    h.db.transaction().execute((trx) => applyAnswers(trx, { userId: 1 }, 'Conny Collector', new Date(h.clock.now), sheet, structure, [{ index: 0, questionId, inputAnswer, multipleChoiceOption: [] }]));
  const changesOf = (sheet: Sheet, questionId: number) =>
    h.db.selectFrom('asset_answer_changes').select(['kind', 'old_value', 'new_value', 'user_name']).where('asset_questionnaire_id', '=', sheet.row.id).where('question_id', '=', questionId).orderBy('id').execute();
  const valueOf = async (sheet: Sheet, questionId: number) =>
    (await h.db.selectFrom('asset_answers').select('input_answer').where('asset_questionnaire_id', '=', sheet.row.id).where('question_id', '=', questionId).executeTakeFirstOrThrow()).input_answer;

  it('writes over the row as read in one go, with one change-log row', async () => {
    const { sheet, structure, answered } = await setUp();
    const logged = (await changesOf(sheet, answered.questionId)).length;
    const saved = await apply(sheet, structure, answered.questionId, answered.inputAnswer! + 7);
    expect(saved.written.map((a) => a.inputAnswer)).toEqual([answered.inputAnswer! + 7]);
    expect(await valueOf(sheet, answered.questionId)).toBe(answered.inputAnswer! + 7);
    const changes = await changesOf(sheet, answered.questionId);
    expect(changes).toHaveLength(logged + 1);
    expect(changes.at(-1)).toMatchObject({ kind: 'ModifiedAnswer', user_name: 'Conny Collector' });
  });

  it('sends the value the sheet read after another writer changed it: the value is written again, logged against what the row held', async () => {
    const { sheet, structure, answered } = await setUp();
    await h.db.updateTable('asset_answers').set({ input_answer: answered.inputAnswer! + 1 }).where('id', '=', answered.id).execute();
    const logged = (await changesOf(sheet, answered.questionId)).length;
    // The sheet still shows the old value: taken as "no change", the other writer's value would stay.
    const saved = await apply(sheet, structure, answered.questionId, answered.inputAnswer!);
    expect(saved.written.map((a) => a.inputAnswer)).toEqual([answered.inputAnswer]);
    expect(await valueOf(sheet, answered.questionId)).toBe(answered.inputAnswer);
    const changes = await changesOf(sheet, answered.questionId);
    expect(changes).toHaveLength(logged + 1);
    expect(changes.at(-1)).toMatchObject({ kind: 'ModifiedAnswer', old_value: { value: { inputAnswer: answered.inputAnswer! + 1 } }, new_value: { value: { inputAnswer: answered.inputAnswer } } });
  });

  it('sends a new value after another writer changed the row: the change is logged against what the row held, not what the sheet read', async () => {
    const { sheet, structure, answered } = await setUp();
    await h.db.updateTable('asset_answers').set({ input_answer: answered.inputAnswer! + 1 }).where('id', '=', answered.id).execute();
    await apply(sheet, structure, answered.questionId, answered.inputAnswer! + 2);
    expect(await valueOf(sheet, answered.questionId)).toBe(answered.inputAnswer! + 2);
    expect((await changesOf(sheet, answered.questionId)).at(-1)).toMatchObject({ kind: 'ModifiedAnswer', old_value: { value: { inputAnswer: answered.inputAnswer! + 1 } } });
  });

  it('gives a first answer another writer gave since: it changes that answer, logged as a change, not a second first answer', async () => {
    const { sheet, structure, unanswered } = await setUp();
    await h.db
      .insertInto('asset_answers')
      .values({ asset_questionnaire_id: sheet.row.id, question_id: unanswered.id, input_answer: 3, option_ids: [], state: 'Answered', modified_by: 'Other' })
      .execute();
    const saved = await apply(sheet, structure, unanswered.id, 4);
    expect(saved.written.map((a) => a.inputAnswer)).toEqual([4]);
    expect(await valueOf(sheet, unanswered.id)).toBe(4);
    expect((await changesOf(sheet, unanswered.id)).map((c) => c.kind)).toEqual(['ModifiedAnswer']);
    // Progress counts it once.
    expect(saved.progress.answered).toBe(progress(structure, storedAnswers(sheet.answers, [])).answered + 1);
  });

  it("takes the questionnaire's score and progress along in the answer's statement, and leaves them to the caller when it could not write", async () => {
    const { sheet, structure, answered } = await setUp();
    const figures = { ecore: 61.5, finance: 2.25, summary: { mark: 'with the answer' }, scoredAt: new Date(h.clock.now) };
    const scoreWith = (answers: Parameters<ScoreWith>[0]) => {
      expect(answers.find((a) => a.questionId === answered.questionId)?.inputAnswer).toBe(answered.inputAnswer! + 3);
      return figures;
    };
    const applyScored = () =>
      h.db.transaction().execute((trx) =>
        applyAnswers(trx, { userId: 1 }, 'Conny Collector', new Date(h.clock.now), sheet, structure, [{ index: 0, questionId: answered.questionId, inputAnswer: answered.inputAnswer! + 3, multipleChoiceOption: [] }], '', scoreWith),
      );
    const stored = () => h.db.selectFrom('asset_questionnaires').select(['ecore_score', 'finance_score', 'score_summary', 'answered_count']).where('id', '=', sheet.row.id).executeTakeFirstOrThrow();
    const saved = await applyScored();
    expect(saved.scored).toBe(true);
    expect(await stored()).toMatchObject({ ecore_score: 61.5, finance_score: 2.25, score_summary: { mark: 'with the answer' }, answered_count: saved.progress.answered });
    // The sheet is stale now (its row version was written over): nothing goes along, the caller writes the figures.
    await h.db.updateTable('asset_questionnaires').set({ ecore_score: 1 }).where('id', '=', sheet.row.id).execute();
    expect((await applyScored()).scored).toBe(false);
    expect((await stored()).ecore_score).toBe(1);
  });

  it("a save through the API leaves the stored score and progress that scoring the questionnaire's answers anew gives", async () => {
    const { sheet, answered, unanswered } = await setUp();
    const saves = answeringCachesOf(h.app)!.saves;
    const inOneStatement = saves.oneStatement;
    const stored = () => h.db.selectFrom('asset_questionnaires').select(['ecore_score', 'finance_score', 'score_summary', 'answered_count', 'total_count']).where('id', '=', sheet.row.id).executeTakeFirstOrThrow();
    for (const [questionId, inputAnswer] of [[answered.questionId, answered.inputAnswer! * 3 + 11], [unanswered.id, 40]] as const) {
      const res = await h.as('collector', 'PUT', '/api/asset/answer', [{ assetId: sheet.row.assetId, questionId, inputAnswer }]);
      expect(res.statusCode, res.body).toBe(200);
      const afterSave = await stored();
      await rescore(h.db, new Date(h.clock.now), { latestOfAsset: sheet.row.assetId });
      expect(afterSave).toEqual(await stored());
      expect(afterSave.answered_count).toBe(res.json<{ progress: { answered: number } }>().progress.answered);
    }
    // Both (a changed answer, then a first one) were decided on the questionnaire as the app kept it, in one statement.
    expect(saves.oneStatement).toBe(inOneStatement + 2);
  });

  it('answers a question for the first time with one answer row and one "Answered" change', async () => {
    const { sheet, structure, unanswered } = await setUp();
    const saved = await apply(sheet, structure, unanswered.id, 12.5);
    expect(saved.written.map((a) => [a.inputAnswer, a.state])).toEqual([[12.5, 'Answered']]);
    expect((await changesOf(sheet, unanswered.id)).map((c) => c.kind)).toEqual(['Answered']);
    expect(saved.progress.answered).toBe(progress(structure, storedAnswers(sheet.answers, [])).answered + 1);
  });

  it("a process's concurrent saves of one questionnaire go in turn, each in one statement on what the one before left", async () => {
    const { sheet, structure } = await setUp();
    const saves = answeringCachesOf(h.app)!.saves;
    const before = { ...saves };
    const values = sheet.answers.filter((a) => a.inputAnswer !== null && findQuestion(structure, a.questionId)?.type === 'ValueQuestion').slice(0, 5);
    expect(values).toHaveLength(5);
    const responses = await Promise.all(values.map((a, i) => h.as('collector', 'PUT', '/api/asset/answer', [{ assetId: sheet.row.assetId, questionId: a.questionId, inputAnswer: 500 + i }])));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(saves).toEqual({ oneStatement: before.oneStatement + 5, transaction: before.transaction });
    for (const [i, a] of values.entries()) expect(await valueOf(sheet, a.questionId)).toBe(500 + i);
    // The stored score and progress are those of all five answers.
    const stored = () => h.db.selectFrom('asset_questionnaires').select(['ecore_score', 'finance_score', 'score_summary', 'answered_count', 'total_count']).where('id', '=', sheet.row.id).executeTakeFirstOrThrow();
    const afterSaves = await stored();
    await rescore(h.db, new Date(h.clock.now), { latestOfAsset: sheet.row.assetId });
    expect(afterSaves).toEqual(await stored());
  });

  describe('saveKeptAnswer: one statement on the questionnaire as a process kept it', () => {
    const figures = { ecore: 12.5, finance: 3, summary: { mark: 'kept' }, scoredAt: new Date('2026-11-22T09:00:00Z') };
    const saveKept = (kept: Sheet, structure: ReturnType<typeof structureFor>, questionId: number, inputAnswer: unknown, userId = 1, writer = createKeptWriter(h.db)) =>
      saveKeptAnswer(writer, {
        actor: { userId },
        by: 'Conny Collector',
        at: new Date(h.clock.now),
        now: h.clock.now,
        kept,
        structure,
        item: { index: 0, questionId, inputAnswer, multipleChoiceOption: [] },
        sampled: false,
        scoreWith: () => figures,
      });
    const storedScore = async (sheet: Sheet) => (await h.db.selectFrom('asset_questionnaires').select('ecore_score').where('id', '=', sheet.row.id).executeTakeFirstOrThrow()).ecore_score;

    it('writes the answer, its change and the figures while the questionnaire is as kept, and leaves it as a read shows it', async () => {
      const { sheet, structure, answered, unanswered } = await setUp();
      const logged = (await changesOf(sheet, answered.questionId)).length;
      const first = await saveKept(sheet, structure, answered.questionId, answered.inputAnswer! + 5);
      expect(first).not.toBeNull();
      expect(await valueOf(sheet, answered.questionId)).toBe(answered.inputAnswer! + 5);
      expect(await changesOf(sheet, answered.questionId)).toHaveLength(logged + 1);
      expect(await storedScore(sheet)).toBe(12.5);
      // The sheet as the save left it is what a read shows, to its version: the next save on it goes the same way.
      expect(first!.after.sheet).toEqual(await findSheet(h.db, null, sheet.row.id));
      const second = await saveKept(first!.after.sheet, structure, answered.questionId, answered.inputAnswer! + 6);
      expect(second?.written.map((a) => a.inputAnswer)).toEqual([answered.inputAnswer! + 6]);
      // A first answer too: its row is created, logged as "Answered", and counted.
      const third = await saveKept(second!.after.sheet, structure, unanswered.id, 9);
      expect(third?.written.map((a) => [a.questionId, a.inputAnswer, a.state])).toEqual([[unanswered.id, 9, 'Answered']]);
      expect((await changesOf(sheet, unanswered.id)).map((c) => c.kind)).toEqual(['Answered']);
      expect(third!.progress.answered).toBe(second!.progress.answered + 1);
      expect(third!.after.sheet).toEqual(await findSheet(h.db, null, sheet.row.id));
    });

    // Each change below makes the kept questionnaire stale; the save writes nothing (the route then saves in a transaction).
    const changes: [string, (sheet: Sheet, answeredId: number) => Promise<unknown>][] = [
      ['another answer changed (a review marks answers without the lock)', (sheet, answeredId) =>
        h.db.updateTable('asset_answers').set({ review_status: 'Reviewed' }).where('asset_questionnaire_id', '=', sheet.row.id).where('id', '!=', answeredId).execute()],
      ['a comment added', (sheet, answeredId) => h.db.insertInto('asset_answer_comments').values({ answer_id: answeredId, author_name: 'Tess Tester', comment: 'Bitte Nachweis' }).execute()],
      ['the questionnaire locked by someone', (sheet) =>
        h.db.insertInto('asset_questionnaire_locks').values({ asset_questionnaire_id: sheet.row.id, user_id: 1, holder_name: 'Conny Collector', since: new Date(h.clock.now), last_activity: new Date(h.clock.now) }).execute()],
      ['the run itself changed (its state)', (sheet) => h.db.updateTable('asset_questionnaires').set({ decline_count: 1 }).where('id', '=', sheet.row.id).execute()],
      ['a newer run of the object started', (sheet) =>
        sql`insert into asset_questionnaires (asset_id, questionnaire_id, reporting_year) select asset_id, questionnaire_id, reporting_year + 1 from asset_questionnaires where id = ${sheet.row.id}`.execute(h.db)],
    ];
    it.each(changes)('writes nothing when the questionnaire changed since it was kept: %s', async (_, change) => {
      const { sheet, structure, answered } = await setUp();
      await change(sheet, answered.id);
      const before = await h.snapshot();
      expect(await saveKept(sheet, structure, answered.questionId, answered.inputAnswer! + 5)).toBeNull();
      expect(await h.snapshot()).toEqual(before);
    });

    it('leaves what needs the row locked to the transaction: a refusal, no change, a lock someone else holds', async () => {
      const { sheet, structure, answered } = await setUp();
      const before = await h.snapshot();
      expect(await saveKept(sheet, structure, answered.questionId, 'viel')).toBeNull();
      expect(await saveKept(sheet, structure, answered.questionId, answered.inputAnswer)).toBeNull();
      const held = { ...sheet, lock: { userId: 99, holderName: 'Tess Tester', since: h.clock.now, lastActivity: h.clock.now } };
      expect(await saveKept(held, structure, answered.questionId, answered.inputAnswer! + 5)).toBeNull();
      expect(await h.snapshot()).toEqual(before);
    });

    describe('saves under way at the same time go in one statement', () => {
      /** The sheets of both demo objects with answers, each with a value answer. */
      const twoSheets = async () => {
        const office = await setUp();
        const assetId = (await h.db.selectFrom('assets').select('id').where('name', '=', 'Quartier Prenzlauer Berg').executeTakeFirstOrThrow()).id;
        const sheet = (await findSheet(h.db, assetId, null))!;
        const structure = structureFor(scoredTemplate((await findTemplate(h.db, sheet.row.questionnaireId))!), (await findAsset(h.db, assetId))!);
        const answered = sheet.answers.find((a) => a.state === 'Answered' && a.inputAnswer !== null && findQuestion(structure, a.questionId)?.type === 'ValueQuestion')!;
        return { office, quarter: { sheet, structure, answered } };
      };

      it('writes each save whose questionnaire is as kept, and nothing of one whose questionnaire changed', async () => {
        const { office, quarter } = await twoSheets();
        await h.db.insertInto('asset_answer_comments').values({ answer_id: office.answered.id, author_name: 'Tess Tester', comment: 'Bitte Nachweis' }).execute();
        const officeLogged = (await changesOf(office.sheet, office.answered.questionId)).length;
        const writer = createKeptWriter(h.db);
        const [stale, fresh] = await Promise.all([
          saveKept(office.sheet, office.structure, office.answered.questionId, office.answered.inputAnswer! + 5, 1, writer),
          saveKept(quarter.sheet, quarter.structure, quarter.answered.questionId, quarter.answered.inputAnswer! + 5, 1, writer),
        ]);
        expect(writer.counts).toEqual({ statements: 1, saves: 2, failed: 0 });
        expect(stale).toBeNull();
        expect(await valueOf(office.sheet, office.answered.questionId)).toBe(office.answered.inputAnswer);
        expect(await changesOf(office.sheet, office.answered.questionId)).toHaveLength(officeLogged);
        expect(await valueOf(quarter.sheet, quarter.answered.questionId)).toBe(quarter.answered.inputAnswer! + 5);
        expect(await storedScore(quarter.sheet)).toBe(12.5);
        // The one written is left as a read shows it, to its version.
        expect(fresh!.after.sheet).toEqual(await findSheet(h.db, null, quarter.sheet.row.id));
      });

      it('a statement that fails answers null for each of its saves and stores nothing', async () => {
        const { office, quarter } = await twoSheets();
        const before = await h.snapshot();
        const writer = createKeptWriter(h.db);
        // An answer id no integer column holds (PostgreSQL refuses it): the whole statement fails.
        const broken = { ...office.sheet, answers: office.sheet.answers.map((a) => (a.id === office.answered.id ? { ...a, id: 2 ** 40 } : a)) };
        const saved = await Promise.all([
          saveKept(broken, office.structure, office.answered.questionId, office.answered.inputAnswer! + 5, 1, writer),
          saveKept(quarter.sheet, quarter.structure, quarter.answered.questionId, quarter.answered.inputAnswer! + 5, 1, writer),
        ]);
        expect(saved).toEqual([null, null]);
        expect(writer.counts).toEqual({ statements: 1, saves: 2, failed: 1 });
        expect(await h.snapshot()).toEqual(before);
      });

      it('two saves of one questionnaire go in two statements: the second, decided on the same version, writes nothing', async () => {
        const { sheet, structure, answered } = await setUp();
        const writer = createKeptWriter(h.db);
        const [first, second] = await Promise.all([
          saveKept(sheet, structure, answered.questionId, answered.inputAnswer! + 5, 1, writer),
          saveKept(sheet, structure, answered.questionId, answered.inputAnswer! + 6, 1, writer),
        ]);
        expect(writer.counts).toEqual({ statements: 2, saves: 2, failed: 0 });
        expect(first?.written.map((a) => a.inputAnswer)).toEqual([answered.inputAnswer! + 5]);
        expect(second).toBeNull();
        expect(await valueOf(sheet, answered.questionId)).toBe(answered.inputAnswer! + 5);
      });
    });

    // The guard's queries run after the run's row lock is held, each on a snapshot of its own: a change committed by a
    // writer that held the lock while the save waited is seen (a check on the statement's own snapshot would miss it).
    it.runIf(process.env.HARNESS_DATABASE === 'postgres')('sees a change committed while it waited for the questionnaire row lock', async () => {
      const { sheet, structure, answered } = await setUp();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const writer = h.db.transaction().execute(async (trx) => {
        await trx.selectFrom('asset_questionnaires').select('id').where('id', '=', sheet.row.id).forUpdate().execute();
        await trx.insertInto('asset_answer_comments').values({ answer_id: answered.id, author_name: 'Tess Tester', comment: 'Bitte Nachweis' }).execute();
        holding();
        await released;
      });
      await held;
      const save = saveKept(sheet, structure, answered.questionId, answered.inputAnswer! + 5);
      // Wait until the save's statement waits for the lock.
      const waiting = async () =>
        Number((await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(h.db)).rows[0]!.n);
      for (let i = 0; i < 200 && (await waiting()) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await waiting()).toBe(1);
      release();
      await writer;
      expect(await save).toBeNull();
      expect(await valueOf(sheet, answered.questionId)).toBe(answered.inputAnswer);
    });
  });
});
