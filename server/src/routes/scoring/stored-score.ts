import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { givenAnswers } from '@ecore/core/answering/answers.ts';
import type { AssetClassShare } from '@ecore/core/assets/asset-class-shares.ts';
import type { ReferenceData } from '@ecore/core/scoring/reference-lookup.ts';
import { score, scoreSummary, type ScoringAnswer, type ScoringTemplate } from '@ecore/core/scoring/score.ts';
import { VERIFIED_SCORE_STATES } from '@ecore/core/scoring/score-access.ts';
import { findTemplate } from '@ecore/adapters/db/questionnaires/templates-repository.ts';
import { scoringAnswersOf, scoringSubjects, writeScores } from '@ecore/adapters/db/scoring/scoring-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { createNotifiedCache } from '../../plugins/session-cache.ts';
import { loadReferenceData } from './stranding.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** The tables reference data is read from; their change notifications (migration 042) empty the cache. */
export const REFERENCE_TABLES = ['scoring_reference_values', 'scoring_emission_factors', 'scoring_data_sets'] as const;

/**
 * The reference data scoring reads, kept between requests while no import changed it (one object, so that core's
 * index memo is built once). Read it before a transaction: the embedded database has one connection.
 */
export function createReferenceDataCache(app: Pick<FastifyInstance, 'watchTables'>, db: Kysely<DB>) {
  // Only the reference-data import changes these tables (it sets `request.changesKeptData`): a saved answer keeps the
  // cache, so a save does not read every reference value again (issue 11: 3 statements, ~10 ms of each save).
  const cache = app.watchTables(REFERENCE_TABLES, createNotifiedCache<number, ReferenceData>({ ttlMs: 60_000, maxEntries: 1 }), { keptOnOtherWrites: true });
  return () => cache.get(0, () => loadReferenceData(db));
}

/** What core's `score` reads of an object. */
export interface ScoredObject {
  country: string;
  assetAssetTypes: readonly AssetClassShare[];
  /** The gross floor area (BGF), `assetTotalArea` of the object. */
  area: number;
}

/** The stored figures of core's score: the two totals and what a group's results read (no "why" lines). */
export const storedScoreOf = (template: ScoringTemplate, object: ScoredObject, reportingYear: number, answers: readonly ScoringAnswer[], referenceData: ReferenceData) => {
  const result = score(template, { ...object, reportingYear }, answers, referenceData, { explain: false });
  return { ecore: result.ecore, finance: result.finance, summary: scoreSummary(result) };
};

/**
 * Keeps a filled questionnaire's stored scores (docs/scoring.md "Stored scores for the lists") up to date: `prepare`
 * reads the reference data before the caller's transaction; `store` computes core's score inside it, after the
 * answers were written, and writes it (answers as just read by the caller, else read through the transaction), with
 * the questionnaire's progress when the caller counted it (a save: one statement for both).
 */
export function createScoreKeeper(app: Pick<FastifyInstance, 'watchTables'>, db: Kysely<DB>, clock: () => number) {
  const references = createReferenceDataCache(app, db);
  return {
    references,
    async prepare() {
      const referenceData = await references();
      /** The stored figures of the answers given (cleared rows are no answers). */
      const figures = (template: ScoringTemplate, object: ScoredObject, reportingYear: number, answers: readonly (ScoringAnswer & { state?: string | null })[]) =>
        storedScoreOf(template, object, reportingYear, givenAnswers(answers), referenceData);
      return {
        /** The reference data the figures are computed with (a save's plausibility flags). */
        referenceData,
        /** `store`'s figures, for a caller that writes them itself (a save of one answer, in the answer's statement). */
        figures,
        async store(
          trx: Executor,
          template: ScoringTemplate,
          object: ScoredObject,
          questionnaire: { id: number; reportingYear: number },
          answers?: readonly (ScoringAnswer & { state?: string | null })[],
          progress?: { answered: number; total: number },
        ): Promise<void> {
          const given = answers ?? (await scoringAnswersOf(trx, [questionnaire.id])).get(questionnaire.id) ?? [];
          await writeScores(trx, [{ assetQuestionnaireId: questionnaire.id, ...figures(template, object, questionnaire.reportingYear, given) }], new Date(clock()), progress);
        },
        /** `store` for many questionnaires with their answers as just written (the answer import): one write per 1 000. */
        async storeMany(
          trx: Executor,
          items: readonly { template: ScoringTemplate; object: ScoredObject; questionnaire: { id: number; reportingYear: number }; answers: readonly (ScoringAnswer & { state?: string | null })[] }[],
        ): Promise<void> {
          const figures = items.map((i) => ({ assetQuestionnaireId: i.questionnaire.id, ...storedScoreOf(i.template, i.object, i.questionnaire.reportingYear, givenAnswers(i.answers), referenceData) }));
          for (let at = 0; at < figures.length; at += 1000) await writeScores(trx, figures.slice(at, at + 1000), new Date(clock()));
        },
      };
    },
  };
}
/** What a save of answers needs of the keeper (the answer import also takes `storeMany`). */
export type ScoreKeeper = Pick<Awaited<ReturnType<ReturnType<typeof createScoreKeeper>['prepare']>>, 'store' | 'figures'>;

/**
 * Scores filled questionnaires again through one executor (a transaction, or the database alone): all that keep
 * no verified score (reference data changed: Closed and Expired keep the score they were verified with), or
 * with `onlyUnscored` those never scored, or with `latestOfAsset` an object's latest one (its country, classes or
 * area changed); at most `limit` of them. Answers how many it took up. A fixed number of statements plus one template read per template used.
 */
export async function rescore(db: Executor, at: Date, options: { onlyUnscored?: boolean; latestOfAsset?: number; limit?: number } = {}): Promise<number> {
  // Never scored (a database from before migration 042): every state, Closed too, gets the score of its answers.
  const subjects = await scoringSubjects(db, { keptStates: options.onlyUnscored ? [] : VERIFIED_SCORE_STATES, ...options });
  if (subjects.length === 0) return 0;
  const found = subjects.length;
  const referenceData = await loadReferenceData(db);
  const answers = await scoringAnswersOf(db, subjects.map((s) => s.assetQuestionnaireId));
  const templates = new Map<number, ScoringTemplate | null>();
  for (const id of new Set(subjects.map((s) => s.questionnaireId))) templates.set(id, await findTemplate(db, id));
  const scores = subjects.flatMap((s) => {
    const template = templates.get(s.questionnaireId);
    if (!template) return [];
    const object = { country: s.country, assetAssetTypes: s.assetAssetTypes, area: s.area };
    return [{ assetQuestionnaireId: s.assetQuestionnaireId, ...storedScoreOf(template, object, s.reportingYear, answers.get(s.assetQuestionnaireId) ?? [], referenceData) }];
  });
  await writeScores(db, scores, at);
  // How many were taken up (a batch is full when this equals its limit), written or not (a template gone).
  return found;
}
