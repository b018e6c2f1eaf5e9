// `npm run bench`, core's score alone: µs per call of `score()` (core/src/scoring/score.ts) over a template of more than
// 100 questions, every question answered. The template is the demo's 2025_01 with its clusters' categories doubled
// (copies with new ids and static titles, parents of virtual questions following their copies), read from an embedded
// database in memory with the demo reference data; the timed loop calls nothing but core. Asserts nothing.
// BENCH_SCORE_CALLS (default 2000) is the number of timed calls, after BENCH_SCORE_WARM_UP (default 1000) untimed ones.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { openMigratedDatabase } from '@ecore/adapters/db/database.ts';
import { findTemplate } from '@ecore/adapters/db/questionnaires/templates-repository.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { allQuestions, type Question, type QuestionnaireTemplate } from '@ecore/core/questionnaires/template.ts';
import { score, type ScoringAnswer } from '@ecore/core/scoring/score.ts';
import { loadReferenceData } from '@ecore/server/routes/scoring/stranding.ts';

const CALLS = Number(process.env.BENCH_SCORE_CALLS ?? 2000);
const WARM_UP = Number(process.env.BENCH_SCORE_WARM_UP ?? 1000);
const BATCHES = 10;

/** The template with each cluster's categories twice: the copies' ids shifted by `shift`, titles suffixed. */
function doubled(template: QuestionnaireTemplate, shift: number): QuestionnaireTemplate {
  const copy = (q: Question): Question => ({
    ...q,
    id: q.id === null ? null : q.id + shift,
    staticTitle: `${q.staticTitle} (2)`,
    parentQuestionId: q.parentQuestionId === null ? null : q.parentQuestionId + shift,
    options: q.options.map((o) => ({ ...o, id: o.id === null ? null : o.id + shift })),
  });
  return {
    ...template,
    clusters: template.clusters.map((cluster) => ({
      ...cluster,
      categories: [
        ...cluster.categories,
        ...cluster.categories.map((category) => ({
          ...category,
          id: category.id === null ? null : category.id + shift,
          sections: category.sections.map((section) => ({ ...section, id: section.id === null ? null : section.id + shift, questions: section.questions.map(copy) })),
        })),
      ],
    })),
  };
}

/** Every non-virtual question answered: value questions a figure, choice questions their first option. */
const answersFor = (questions: readonly Question[]): ScoringAnswer[] =>
  questions
    .filter((q) => q.type !== 'VirtualQuestion' && q.id !== null)
    .map((q, i) =>
      q.type === 'ValueQuestion'
        ? { questionId: q.id!, inputAnswer: 20 + (i % 50), multipleChoiceOption: [] }
        : { questionId: q.id!, inputAnswer: null, multipleChoiceOption: q.options[0]?.id != null ? [q.options[0].id] : [] },
    );

const database = await openMigratedDatabase({});
try {
  await seedDemoQuestionnaires(database.db);
  const { id } = await database.db.selectFrom('questionnaires').select('id').where('version_label', '=', '2025_01').executeTakeFirstOrThrow();
  const base = (await findTemplate(database.db, id))!;
  const template = doubled(base, 100_000);
  const referenceData = await loadReferenceData(database.db);
  const questions = allQuestions(template);
  const answers = answersFor(questions);
  const object = { country: 'DE', assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }], area: 5000, reportingYear: 2025 };
  /**
   * µs per call in a warm process, as a server scores: WARM_UP calls first (V8 optimises a function after it has
   * run many times; a short run measures the compiler, not the score), then BATCHES batches of CALLS / BATCHES
   * calls; the median batch is printed (a collection or another process's burst spoils one batch, not the figure).
   */
  const timed = (options: Parameters<typeof score>[4]) => {
    let sink = 0;
    for (let i = 0; i < WARM_UP; i += 1) sink += score(template, object, answers, referenceData, options).ecore ?? 0;
    const perBatch = Math.max(1, Math.floor(CALLS / BATCHES));
    const batches: number[] = [];
    for (let b = 0; b < BATCHES; b += 1) {
      const started = performance.now();
      for (let i = 0; i < perBatch; i += 1) sink += score(template, object, answers, referenceData, options).ecore ?? 0;
      batches.push(((performance.now() - started) * 1000) / perBatch);
    }
    void sink;
    batches.sort((x, y) => x - y);
    return { median: batches[Math.floor(batches.length / 2)]!, best: batches[0]!, worst: batches.at(-1)! };
  };
  const line = (t: { median: number; best: number; worst: number }) => `${t.median.toFixed(1)} µs per call (median of ${BATCHES} batches; best ${t.best.toFixed(1)}, worst ${t.worst.toFixed(1)})`;
  const ecore = score(template, object, answers, referenceData).ecore;
  const load = () => `load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`;
  console.log(`core score() over ${questions.length} questions (${answers.length} answered), ${CALLS} calls each, ECORE ${ecore?.toFixed(2)}, ${load()}`);
  console.log(`  with the "why" of virtual questions (GET .../score):   ${line(timed({}))}`);
  console.log(`  totals only (stored scores, { explain: false }):       ${line(timed({ explain: false }))}, ${load()}`);
} finally {
  await database.close();
}
