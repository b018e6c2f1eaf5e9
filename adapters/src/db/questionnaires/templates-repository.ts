import { sql, type Kysely, type Selectable } from 'kysely';
import type { Language } from '@ecore/core/shared/language.ts';
import type { TemplateStateRow, StateChange } from '@ecore/core/questionnaires/template-rules.ts';
import type { TemplateList } from '@ecore/core/questionnaires/schemas.ts';
import type {
  AmbitionLevel,
  AssetClass,
  Category,
  Cluster,
  ClusterKind,
  KpiKey,
  Question,
  QuestionnaireState,
  QuestionnaireSummary,
  QuestionnaireTemplate,
  QuestionnaireType,
  QuestionType,
  ScoreType,
  Section,
  TemplateContent,
  VirtualQuestionType,
} from '@ecore/core/questionnaires/template.ts';
import type { DB } from '../schema.ts';
import type { QuestionnaireTable } from './tables.ts';

type Executor = Kysely<DB>;

const iso = (d: Date) => d.toISOString();
const lang = (l: string): Language => (l === 'en' ? 'en' : 'de');

const toSummary = (row: Selectable<QuestionnaireTable>): QuestionnaireSummary => ({
  id: row.id,
  title: row.title,
  translations: (row.title_translations ?? []).map((t) => ({ language: lang(t.language), title: t.title })),
  state: row.state as QuestionnaireState,
  type: row.type as QuestionnaireType,
  version: row.version_label,
  creationDate: iso(row.created_at),
  modifiedBy: row.modified_by,
  modifiedDate: iso(row.modified_at),
});

/** The states and types of every template: what the one-draft and activation rules look at. */
export async function findTemplateStates(db: Executor): Promise<TemplateStateRow[]> {
  const rows = await db.selectFrom('questionnaires').select(['id', 'state', 'type']).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, state: r.state as QuestionnaireState, type: r.type as QuestionnaireType }));
}

export interface TemplatePageQuery {
  list: TemplateList;
  search?: string | undefined;
  page: number;
  pageSize: number;
}

const LIST_STATES: Record<TemplateList, QuestionnaireState[]> = { active: ['Draft', 'Active'], archived: ['Archived'] };

/** One page of a tab of the template list, newest first, with the counts of both tabs. */
export async function listTemplates(db: Executor, query: TemplatePageQuery) {
  const search = query.search?.trim().toLowerCase();
  const base = (states: QuestionnaireState[]) => {
    let q = db.selectFrom('questionnaires').where('state', 'in', states);
    if (search) q = q.where(sql<string>`lower(title || ' ' || version_label || ' ' || type)`, 'like', `%${search.replace(/[%_\\]/g, '\\$&')}%`);
    return q;
  };
  const [rows, counts] = await Promise.all([
    base(LIST_STATES[query.list])
      .selectAll()
      .orderBy(sql`case state when 'Draft' then 0 when 'Active' then 1 else 2 end`)
      .orderBy('modified_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    Promise.all(
      (Object.keys(LIST_STATES) as TemplateList[]).map(async (list) => {
        const r = await base(LIST_STATES[list]).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        return [list, Number(r.n)] as const;
      }),
    ),
  ]);
  const countMap = Object.fromEntries(counts) as Record<TemplateList, number>;
  return { items: rows.map(toSummary), total: countMap[query.list], page: query.page, pageSize: query.pageSize, counts: countMap };
}

export async function findTemplateSummary(db: Executor, id: number): Promise<(QuestionnaireSummary & { revision: number }) | null> {
  const row = await db.selectFrom('questionnaires').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { ...toSummary(row), revision: row.version } : null;
}

/**
 * What identifies a template's stored state: its revision (raised by every save and state change) and the
 * transaction that wrote its row (so that a template stored anew under a reused id differs too); null when
 * there is no such template.
 */
export async function findTemplateStamp(db: Executor, id: number): Promise<string | null> {
  const row = await db.selectFrom('questionnaires').select(sql<string>`version || '/' || xmin::text`.as('stamp')).where('id', '=', id).executeTakeFirst();
  return row?.stamp ?? null;
}

/** A whole template: header, clusters, categories, sections, questions, options and every translation. */
export async function findTemplate(db: Executor, id: number): Promise<QuestionnaireTemplate | null> {
  const head = await db.selectFrom('questionnaires').selectAll().where('id', '=', id).executeTakeFirst();
  if (!head) return null;
  const [clusters, categories, sections, questions, options, catT, secT, qT, oT] = await Promise.all([
    db.selectFrom('questionnaire_clusters').selectAll().where('questionnaire_id', '=', id).orderBy('position').orderBy('id').execute(),
    db.selectFrom('questionnaire_categories').selectAll().where('questionnaire_id', '=', id).orderBy('position').orderBy('id').execute(),
    db.selectFrom('questionnaire_sections').selectAll().where('questionnaire_id', '=', id).orderBy('position').orderBy('id').execute(),
    db.selectFrom('questionnaire_questions').selectAll().where('questionnaire_id', '=', id).orderBy('position').orderBy('id').execute(),
    db.selectFrom('questionnaire_options').selectAll().where('questionnaire_id', '=', id).orderBy('position').orderBy('id').execute(),
    db.selectFrom('questionnaire_category_translations').selectAll().where('questionnaire_id', '=', id).orderBy('language').execute(),
    db.selectFrom('questionnaire_section_translations').selectAll().where('questionnaire_id', '=', id).orderBy('language').execute(),
    db.selectFrom('questionnaire_question_translations').selectAll().where('questionnaire_id', '=', id).orderBy('language').execute(),
    db.selectFrom('questionnaire_option_translations').selectAll().where('questionnaire_id', '=', id).orderBy('language').execute(),
  ]);
  const group = <T, K>(rows: T[], key: (r: T) => K) => {
    const map = new Map<K, T[]>();
    for (const r of rows) map.set(key(r), [...(map.get(key(r)) ?? []), r]);
    return map;
  };
  const optT = group(oT, (r) => r.option_id);
  const optionsBy = group(options, (r) => r.question_id);
  const questionT = group(qT, (r) => r.question_id);
  const questionsBy = group(questions, (r) => r.section_id);
  const sectionT = group(secT, (r) => r.section_id);
  const sectionsBy = group(sections, (r) => r.category_id);
  const categoryT = group(catT, (r) => r.category_id);
  const categoriesBy = group(categories, (r) => r.cluster_id);

  const toQuestion = (q: (typeof questions)[number]): Question => ({
    id: q.id,
    staticTitle: q.static_title,
    type: q.type as QuestionType,
    translations: (questionT.get(q.id) ?? []).map((t) => ({ language: lang(t.language), title: t.title, description: t.description, clarification: t.clarification })),
    assetTypes: (q.asset_types ?? []) as AssetClass[],
    clusterType: q.cluster_type as ClusterKind | null,
    taxonomyRelevant: q.taxonomy_relevant,
    relevantForReview: q.relevant_for_review,
    isGreenHouseGas: q.is_green_house_gas,
    scoreType: q.score_type as ScoreType,
    options: (optionsBy.get(q.id) ?? []).map((o) => ({
      id: o.id,
      text: o.text,
      score: o.score,
      order: o.position,
      isExclusive: o.is_exclusive,
      translations: (optT.get(o.id) ?? []).map((t) => ({ language: lang(t.language), text: t.text })),
    })),
    virtualQuestionType: q.virtual_question_type as VirtualQuestionType | null,
    averageVariator: q.average_variator,
    parentQuestionId: q.parent_question_id,
    parentStaticTitle: null,
    basicQuestion: q.basic_question,
    averageValue: q.average_value,
    virtualMaxScore: q.virtual_max_score,
    ambitionLevel: q.ambition_level as AmbitionLevel,
    kpiKey: q.kpi_key as KpiKey | null,
    order: q.position,
  });
  const toSection = (s: (typeof sections)[number]): Section => ({
    id: s.id,
    translations: (sectionT.get(s.id) ?? []).map((t) => ({ language: lang(t.language), name: t.name })),
    weight: s.weight,
    financeWeight: s.finance_weight,
    order: s.position,
    questions: (questionsBy.get(s.id) ?? []).map(toQuestion),
  });
  const toCategory = (c: (typeof categories)[number]): Category => ({
    id: c.id,
    translations: (categoryT.get(c.id) ?? []).map((t) => ({ language: lang(t.language), name: t.name })),
    order: c.position,
    sections: (sectionsBy.get(c.id) ?? []).map(toSection),
  });
  const toCluster = (c: (typeof clusters)[number]): Cluster => ({
    id: c.id,
    clusterIdentifier: c.cluster_identifier,
    weight: c.weight,
    financeWeight: c.finance_weight,
    isTaxonomyCluster: c.is_taxonomy_cluster,
    categories: (categoriesBy.get(c.id) ?? []).map(toCategory),
  });
  return {
    ...toSummary(head),
    revision: head.version,
    taxonomyCompliance: head.taxonomy_compliance,
    scoredAmbitionLevels: (head.scored_ambition_levels ?? ['A1']) as AmbitionLevel[],
    clusters: clusters.map(toCluster),
  };
}

/** The active template of every type that has one, in one query (at most one per type, DOMAIN.md §9). */
export async function findActiveTemplateIds(db: Executor): Promise<Partial<Record<QuestionnaireType, number>>> {
  const rows = await db.selectFrom('questionnaires').select(['id', 'type']).where('state', '=', 'Active').execute();
  return Object.fromEntries(rows.map((r) => [r.type, r.id]));
}

/** The active template of a type. */
export async function findActiveTemplateId(db: Executor, type: QuestionnaireType): Promise<number | null> {
  const row = await db.selectFrom('questionnaires').select('id').where('state', '=', 'Active').where('type', '=', type).executeTakeFirst();
  return row?.id ?? null;
}

export interface Author {
  name: string;
  at: Date;
}

/** Stores a new template header and its structure; answers its id. */
export async function insertTemplate(db: Executor, content: TemplateContent, state: QuestionnaireState, author: Author): Promise<number> {
  const { id } = await db
    .insertInto('questionnaires')
    .values({
      title: content.title,
      title_translations: JSON.stringify(content.translations ?? []),
      state,
      type: content.type,
      version_label: content.version,
      taxonomy_compliance: content.taxonomyCompliance,
      scored_ambition_levels: content.scoredAmbitionLevels,
      created_by: author.name,
      modified_by: author.name,
      created_at: author.at,
      modified_at: author.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeStructure(db, id, content);
  return id;
}

/**
 * Saves an edited template when `revision` is still the stored one: answers false when it is stale.
 * The structure is written anew; items keep their ids, new items get fresh ones.
 */
export async function saveTemplate(db: Executor, id: number, revision: number, content: TemplateContent, author: Author): Promise<boolean> {
  const updated = await db
    .updateTable('questionnaires')
    .set((eb) => ({
      title: content.title,
      ...(content.translations ? { title_translations: JSON.stringify(content.translations) } : {}),
      type: content.type,
      version_label: content.version,
      taxonomy_compliance: content.taxonomyCompliance,
      scored_ambition_levels: content.scoredAmbitionLevels,
      modified_by: author.name,
      modified_at: author.at,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('version', '=', revision)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await db.deleteFrom('questionnaire_clusters').where('questionnaire_id', '=', id).execute();
  await writeStructure(db, id, content);
  return true;
}

/** The ids each level of a stored template holds, to check that a save names only its own items. */
export async function findStructureIds(db: Executor, id: number) {
  const ids = async (table: 'questionnaire_clusters' | 'questionnaire_categories' | 'questionnaire_sections' | 'questionnaire_questions' | 'questionnaire_options') =>
    new Set((await db.selectFrom(table).select('id').where('questionnaire_id', '=', id).execute()).map((r) => r.id));
  const [clusters, categories, sections, questions, options] = await Promise.all([
    ids('questionnaire_clusters'), ids('questionnaire_categories'), ids('questionnaire_sections'), ids('questionnaire_questions'), ids('questionnaire_options'),
  ]);
  return { clusters, categories, sections, questions, options };
}

type SequenceTable = 'questionnaire_clusters' | 'questionnaire_categories' | 'questionnaire_sections' | 'questionnaire_questions' | 'questionnaire_options';

async function allocateIds(db: Executor, table: SequenceTable, n: number): Promise<number[]> {
  if (n === 0) return [];
  const result = await sql<{ id: number }>`select nextval(pg_get_serial_sequence(${table}, 'id'))::integer as id from generate_series(1, ${n})`.execute(db);
  return result.rows.map((r) => Number(r.id));
}

const CHUNK = 500;
async function insertChunked<T extends keyof DB & string>(db: Executor, table: T, rows: readonly Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.insertInto(table).values(rows.slice(i, i + CHUNK) as never).execute();
  }
}

async function writeStructure(db: Executor, questionnaireId: number, content: TemplateContent): Promise<void> {
  const clusters = content.clusters;
  const categories = clusters.flatMap((c) => c.categories);
  const sections = categories.flatMap((c) => c.sections);
  const questions = sections.flatMap((s) => s.questions);
  const options = questions.flatMap((q) => q.options);
  const assign = async <T extends { id: number | null }>(table: SequenceTable, items: T[]) => {
    const fresh = await allocateIds(db, table, items.filter((i) => i.id === null || i.id < 0).length);
    let next = 0;
    return new Map(items.map((item) => [item, item.id !== null && item.id > 0 ? item.id : fresh[next++]!] as const));
  };
  const clusterIds = await assign('questionnaire_clusters', clusters);
  const categoryIds = await assign('questionnaire_categories', categories);
  const sectionIds = await assign('questionnaire_sections', sections);
  const questionIds = await assign('questionnaire_questions', questions);
  const optionIds = await assign('questionnaire_options', options);
  const q = questionnaireId;

  const payloadIds = new Set(questions.map((x) => x.id).filter((x): x is number => x !== null && x > 0));
  const byTitle = new Map(questions.map((x) => [x.staticTitle, questionIds.get(x)!]));
  const parentOf = (x: Question): number | null => {
    if (x.parentQuestionId !== null && payloadIds.has(x.parentQuestionId)) return x.parentQuestionId;
    if (x.parentStaticTitle) return byTitle.get(x.parentStaticTitle) ?? null;
    return null;
  };

  await insertChunked(db, 'questionnaire_clusters', clusters.map((c, i) => ({
    id: clusterIds.get(c), questionnaire_id: q, position: i + 1, cluster_identifier: c.clusterIdentifier,
    weight: c.weight, finance_weight: c.financeWeight, is_taxonomy_cluster: c.isTaxonomyCluster,
  })));
  await insertChunked(db, 'questionnaire_categories', clusters.flatMap((c) => c.categories.map((cat, i) => ({
    id: categoryIds.get(cat), questionnaire_id: q, cluster_id: clusterIds.get(c), position: cat.order || i + 1,
  }))));
  await insertChunked(db, 'questionnaire_category_translations', categories.flatMap((cat) => cat.translations.map((t) => ({
    questionnaire_id: q, category_id: categoryIds.get(cat), language: t.language, name: t.name,
  }))));
  await insertChunked(db, 'questionnaire_sections', categories.flatMap((cat) => cat.sections.map((s, i) => ({
    id: sectionIds.get(s), questionnaire_id: q, category_id: categoryIds.get(cat), position: s.order || i + 1, weight: s.weight, finance_weight: s.financeWeight,
  }))));
  await insertChunked(db, 'questionnaire_section_translations', sections.flatMap((s) => s.translations.map((t) => ({
    questionnaire_id: q, section_id: sectionIds.get(s), language: t.language, name: t.name,
  }))));
  await insertChunked(db, 'questionnaire_questions', sections.flatMap((s) => s.questions.map((x, i) => ({
    id: questionIds.get(x), questionnaire_id: q, section_id: sectionIds.get(s), position: x.order || i + 1,
    static_title: x.staticTitle, type: x.type, asset_types: x.assetTypes, cluster_type: x.clusterType,
    taxonomy_relevant: x.taxonomyRelevant, relevant_for_review: x.relevantForReview, is_green_house_gas: x.isGreenHouseGas,
    score_type: x.scoreType, virtual_question_type: x.virtualQuestionType, average_variator: x.averageVariator,
    parent_question_id: parentOf(x), basic_question: x.basicQuestion, average_value: x.averageValue,
    virtual_max_score: x.virtualMaxScore, ambition_level: x.ambitionLevel, kpi_key: x.kpiKey,
  }))));
  await insertChunked(db, 'questionnaire_question_translations', questions.flatMap((x) => dedupe(x.translations).map((t) => ({
    questionnaire_id: q, question_id: questionIds.get(x), language: t.language, title: t.title, description: t.description, clarification: t.clarification,
  }))));
  await insertChunked(db, 'questionnaire_options', questions.flatMap((x) => x.options.map((o, i) => ({
    id: optionIds.get(o), questionnaire_id: q, question_id: questionIds.get(x), position: o.order || i + 1, text: o.text, score: o.score, is_exclusive: o.isExclusive,
  }))));
  await insertChunked(db, 'questionnaire_option_translations', options.flatMap((o) => dedupe(o.translations).map((t) => ({
    questionnaire_id: q, option_id: optionIds.get(o), language: t.language, text: t.text,
  }))));
}

/** One translation per language: the last one sent wins. */
const dedupe = <T extends { language: Language }>(list: readonly T[]): T[] => [...new Map(list.map((t) => [t.language, t])).values()];

export async function applyStateChangesToDb(db: Executor, changes: readonly StateChange[], author: Author): Promise<void> {
  // Archive first, so that the one-active-per-type index never sees two active templates.
  const ordered = [...changes].sort((a, b) => (a.to === 'Active' ? 1 : 0) - (b.to === 'Active' ? 1 : 0));
  for (const change of ordered) {
    await db
      .updateTable('questionnaires')
      .set((eb) => ({ state: change.to, modified_by: author.name, modified_at: author.at, version: eb('version', '+', 1) }))
      .where('id', '=', change.id)
      .where('state', '=', change.from)
      .execute();
  }
}

export async function deleteTemplate(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('questionnaires').where('id', '=', id).execute();
}
