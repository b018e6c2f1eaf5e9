import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AnswerStructure } from '@ecore/core/answering/applicability.ts';
import { mayViewAsset, type AssetActor } from '@ecore/core/assets/asset-access.ts';
import type { AssetView } from '@ecore/core/assets/object.ts';
import type { QuestionnaireType } from '@ecore/core/questionnaires/template.ts';
import { findAssetWithLatestQuestionnaire } from '@ecore/adapters/db/assets/assets-repository.ts';
import { findGroupDefaults, type GroupDefaults } from '@ecore/adapters/db/answering/answering-repository.ts';
import { findSheet, type Sheet } from '@ecore/adapters/db/answering/sheet-repository.ts';
import { findActiveTemplateIds } from '@ecore/adapters/db/questionnaires/templates-repository.ts';
import { groupReviewOf } from '@ecore/adapters/db/review/review-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { ANSWERING_NOTIFICATION } from '@ecore/migrations/index.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { createNotifiedCache } from '../../plugins/session-cache.ts';
import { createTemplateCache, type ScoredTemplate } from '../questionnaires/template-cache.ts';
import { answerResponse, storedAnswers, structureFor } from './context.ts';
import type { KeptJson } from '../../plugins/kept-json.ts';

/** The tables an object as findAsset reads it depends on (its group, organisations, tester, asset classes, grants). */
const OBJECT_TABLES = ['assets', 'asset_groups', 'asset_asset_types', 'asset_access_grants', 'organisations', 'users'] as const;
/** The tables of a group's review facts and its cluster I defaults (with the defaults' template title). */
const GROUP_TABLES = ['asset_groups', 'group_submissions', 'group_defaults', 'questionnaires'] as const;
/**
 * How long an object or a group is kept at most (the other caches 5 s): each is dropped at once when it changes, and a
 * group's collectors save each of its objects every few seconds, which a shorter life would read again every round.
 */
const KEPT_MS = 60_000;

/** A filled questionnaire as kept: what is stored of it, and what every caller is answered alike. */
export interface KeptSheet extends Sheet {
  stored: ReturnType<typeof storedAnswers>;
  /** The answers as the API answers them, made once per kept sheet (they depend on the object's id and kind only). */
  responses?: { isBuyerAsset: boolean; list: ReturnType<typeof answerResponse>[] };
  /**
   * The score call's answer (routes/scoring/scores.ts: core's score and data quality), with what it was computed from
   * besides the questionnaire (the template and reference data kept when it was, each a new object when it changes,
   * and the object's scored facts), and its bytes once written.
   */
  score?: { template: object; references: object; object: string; result: unknown; written?: KeptJson };
}

export type GroupReview = Awaited<ReturnType<typeof groupReviewOf>>;

/**
 * What the answering routes keep between requests (issue 11), each emptied by the change notifications
 * (plugins/auth.ts) of what it shows, in every process sharing the database:
 * - `sheets`: a filled questionnaire with its lock, answers, comments and documents (one statement to read), by its
 *   id; the answering tables notify with the ids of the filled questionnaires a statement touched (migration 043),
 *   so a save drops only its own questionnaire's entry in the other processes, and the process that saved drops it
 *   itself before it answers (`keepOwn`). It serves reads only: a save decides on the questionnaire as its
 *   transaction reads it with its row locked (save-answers.ts), never on a kept one;
 * - `objects`: an object (findAsset) and the id of its latest filled questionnaire, by the object's id. Inserting,
 *   deleting or moving a filled questionnaire updates the object's status (refreshAssetStatus), which notifies.
 *   The object's latest progress figures in it are not used here (they change with every save);
 * - `groups`: a group's review facts and cluster I defaults; `actives`: the active template of each type;
 * - `templates`: whole templates, kept per stamp, the stamps kept like the rest.
 * What depends on the caller (visibility, rights, whose lock) is decided per request from these facts.
 */
export function createAnsweringCaches(app: Pick<FastifyInstance, 'watchTables'>, db: Kysely<DB>) {
  const caches = makeCaches(app, db);
  created.set(app.watchTables, caches);
  return caches;
}

const created = new WeakMap<object, ReturnType<typeof makeCaches>>();

/** The answering caches of an app (found by its own watchTables; tests read their counters). */
export const answeringCachesOf = (app: Pick<FastifyInstance, 'watchTables'>) => created.get(app.watchTables);

function makeCaches(app: Pick<FastifyInstance, 'watchTables'>, db: Kysely<DB>) {
  const sheets = app.watchTables([ANSWERING_NOTIFICATION, 'questionnaires'], createNotifiedCache<number, KeptSheet | null>({ maxEntries: 5000 }));
  const objects = app.watchTables(OBJECT_TABLES, createNotifiedCache<number, { asset: AssetView | null; latestId: number | null }>({ ttlMs: KEPT_MS, maxEntries: 20_000 }));
  const groups = app.watchTables(GROUP_TABLES, createNotifiedCache<number, { review: GroupReview; defaults: GroupDefaults | null }>({ ttlMs: KEPT_MS }));
  const actives = app.watchTables(['questionnaires'], createNotifiedCache<0, Partial<Record<QuestionnaireType, number>>>());
  const stamps = app.watchTables(['questionnaires'], createNotifiedCache<number, string | null>());
  const templates = createTemplateCache(db, stamps);
  /** Applicable structures by template (kept while the template object is) and the object's asset classes. */
  const structures = new WeakMap<ScoredTemplate, Map<string, AnswerStructure>>();

  const keep = (sheet: Sheet | null): KeptSheet | null => {
    if (!sheet) return null;
    // The stored answers are made when first read (a read of the sheet, its score).
    let stored: KeptSheet['stored'] | undefined;
    return Object.defineProperty({ ...sheet }, 'stored', { enumerable: true, get: () => (stored ??= storedAnswers(sheet.answers, sheet.documents)) }) as KeptSheet;
  };

  return {
    sheets,
    /**
     * The caches a call that changed filled questionnaires (only their answering tables) keeps, once it has dropped
     * the entries of the questionnaires it changed: the others are emptied before its answer goes out as usual.
     */
    keepOwn(request: Pick<FastifyRequest, 'ownCacheDrops'>, questionnaireIds: Iterable<number>) {
      sheets.drop(questionnaireIds);
      request.ownCacheDrops = new Set([sheets, objects, groups, actives, stamps]);
    },
    /** An object the actor may see (matching isBuyerAsset where the call names it), with its latest filled questionnaire's id; else 404. */
    async visibleObject(actor: AssetActor, id: number, isBuyerAsset?: boolean) {
      const found = await objects.get(id, () => findAssetWithLatestQuestionnaire(db, id));
      const { asset } = found;
      if (!asset || !mayViewAsset(actor, asset) || (isBuyerAsset !== undefined && asset.isBuyerAsset !== isBuyerAsset)) throw new HttpError(404, 'not-found');
      return { asset, latestId: found.latestId };
    },
    /** A filled questionnaire of the object (the latest when `id` is null), or null. */
    async sheetOf(assetId: number, id: number | null): Promise<KeptSheet | null> {
      if (id === null) return null;
      // Kept by its id alone, whoever asks; whether it belongs to the object is checked on every read.
      const sheet = await sheets.get(id, async () => keep(await findSheet(db, null, id)));
      return sheet && sheet.row.assetId === assetId ? sheet : null;
    },
    async template(id: number, executor?: Kysely<DB>): Promise<ScoredTemplate> {
      const template = await templates.get(id, executor);
      if (!template) throw new HttpError(404, 'not-found');
      return template;
    },
    activeTemplateIds: () => actives.get(0, () => findActiveTemplateIds(db)),
    group: (groupId: number) =>
      groups.get(groupId, async () => {
        const [review, defaults] = await Promise.all([groupReviewOf(db, groupId), findGroupDefaults(db, groupId)]);
        return { review, defaults };
      }),
    /** structureFor, made once per template and set of asset classes. */
    structure(template: ScoredTemplate, asset: Pick<AssetView, 'assetAssetTypes'>): AnswerStructure {
      let byClasses = structures.get(template);
      if (!byClasses) structures.set(template, (byClasses = new Map()));
      const key = asset.assetAssetTypes.map((t) => `${t.assetTypeId}:${t.percentage}`).join(',');
      let structure = byClasses.get(key);
      if (!structure) byClasses.set(key, (structure = structureFor(template, asset)));
      return structure;
    },
    /** The answers of a kept sheet as the API answers them, made once per sheet and kind of object. */
    responses(sheet: KeptSheet, asset: Pick<AssetView, 'id' | 'isBuyerAsset'>) {
      if (sheet.responses?.isBuyerAsset !== asset.isBuyerAsset) {
        sheet.responses = { isBuyerAsset: asset.isBuyerAsset, list: sheet.answers.map((a) => answerResponse(a, asset, sheet.comments, sheet.documents)) };
      }
      return sheet.responses.list;
    },
  };
}

export type AnsweringCaches = ReturnType<typeof makeCaches>;
