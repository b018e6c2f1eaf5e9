import { Role } from '../identity/roles.ts';
import {
  allQuestions,
  CLUSTER_COUNT,
  CLUSTER_IDENTIFIERS,
  toRoman,
  type Cluster,
  type QuestionnaireState,
  type QuestionnaireType,
  type TemplateContent,
} from './template.ts';

/**
 * The even integer split of a total over n parts (spec 02 §4, §9): integer division, the remainder
 * going one by one to the first parts, so the parts sum to the total and differ by at most 1.
 * 100 over 4 gives 25 each; over 3 gives 34, 33, 33.
 */
export const splitWeights = (n: number, total = 100): number[] => {
  if (!Number.isInteger(n) || n <= 0) return [];
  const base = Math.floor(total / n);
  const rest = total - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < rest ? 1 : 0));
};

/** An empty cluster at position `index` (0-based). */
export const emptyCluster = (index: number, weight: number): Cluster => ({
  id: null,
  clusterIdentifier: CLUSTER_IDENTIFIERS[index] ?? toRoman(index + 1),
  weight,
  financeWeight: weight,
  isTaxonomyCluster: index === 3,
  categories: [],
});

export interface NewTemplateInput {
  title: string;
  version: string;
  type: QuestionnaireType;
}

/** A created template: Draft, four empty clusters I to IV whose weights split 100 evenly. */
export const newTemplateContent = (input: NewTemplateInput): TemplateContent => {
  const weights = splitWeights(CLUSTER_COUNT);
  return {
    title: input.title,
    version: input.version,
    type: input.type,
    taxonomyCompliance: true,
    scoredAmbitionLevels: ['A1'],
    clusters: weights.map((w, i) => emptyCluster(i, w)),
  };
};

/** A copy of every item of a template with all ids removed (the copy gets ids of its own when stored). */
const withoutIds = (content: TemplateContent): TemplateContent => ({
  ...content,
  clusters: content.clusters.map((cluster) => ({
    ...cluster,
    id: null,
    categories: cluster.categories.map((category) => ({
      ...category,
      id: null,
      translations: category.translations.map((t) => ({ ...t })),
      sections: category.sections.map((section) => ({
        ...section,
        id: null,
        translations: section.translations.map((t) => ({ ...t })),
        questions: section.questions.map(({ maxScore: _maxScore, ...question }) => ({
          ...question,
          id: null,
          // The parent is found again by its static title once the copy has ids.
          parentStaticTitle: question.parentQuestionId === null ? null : parentTitle(content, question.parentQuestionId),
          parentQuestionId: null,
          translations: question.translations.map((t) => ({ ...t })),
          assetTypes: [...question.assetTypes],
          options: question.options.map((option) => ({ ...option, id: null, translations: option.translations.map((t) => ({ ...t })) })),
        })),
      })),
    })),
  })),
});

const parentTitle = (content: TemplateContent, parentId: number): string | null =>
  allQuestions(content).find((q) => q.id === parentId)?.staticTitle ?? null;

/**
 * A duplicate (spec 02 §4): a Draft copy, padded with empty clusters of weight 0 up to four clusters.
 */
export const duplicateContent = (source: TemplateContent, changes: Partial<NewTemplateInput> = {}): TemplateContent => {
  const copy = withoutIds(source);
  const clusters = [...copy.clusters];
  while (clusters.length < CLUSTER_COUNT) clusters.push(emptyCluster(clusters.length, 0));
  return { ...copy, ...changes, clusters };
};

export interface TemplateStateRow {
  id: number;
  state: QuestionnaireState;
  type: QuestionnaireType;
}

/** Only one draft exists in all (spec 02 §4, §8; DOMAIN.md §9). */
export const mayCreateDraft = (templates: readonly Pick<TemplateStateRow, 'state'>[]): boolean =>
  !templates.some((t) => t.state === 'Draft');

export interface StateChange {
  id: number;
  from: QuestionnaireState;
  to: QuestionnaireState;
}

/**
 * Activation (spec 02 §4, DOMAIN.md §8): the draft becomes Active and the previously active template of
 * the same type becomes Archived; nothing else changes. Only a draft can be activated.
 */
export const activationChanges = (templates: readonly TemplateStateRow[], id: number): StateChange[] | null => {
  const target = templates.find((t) => t.id === id);
  if (!target || target.state !== 'Draft') return null;
  const previous = templates.filter((t) => t.state === 'Active' && t.type === target.type && t.id !== id);
  return [{ id, from: 'Draft', to: 'Active' }, ...previous.map((t): StateChange => ({ id: t.id, from: 'Active', to: 'Archived' }))];
};

/** Applies state changes to a list of templates. */
export const applyStateChanges = <T extends TemplateStateRow>(templates: readonly T[], changes: readonly StateChange[]): T[] =>
  templates.map((t) => {
    const change = changes.find((c) => c.id === t.id);
    return change ? { ...t, state: change.to } : t;
  });

/** Only drafts are edited; active and archived templates are read only, so filled questionnaires never change under their users. */
export const isEditable = (state: QuestionnaireState): boolean => state === 'Draft';

/** Drafts can be deleted; active and archived templates carry filled questionnaires. */
export const isDeletable = (state: QuestionnaireState): boolean => state === 'Draft';

/** What stands in the way of activation; each problem names where it is. */
export type ActivationProblem =
  | { code: 'notDraft' }
  | { code: 'missingTitle' }
  | { code: 'missingVersion' }
  | { code: 'clusterCount' }
  | { code: 'clusterWeights'; sum: number }
  | { code: 'noQuestions' }
  | { code: 'missingName'; where: string }
  | { code: 'missingTitleTranslation'; where: string }
  | { code: 'tooFewOptions'; where: string }
  | { code: 'virtualParent'; where: string }
  | { code: 'virtualVariator'; where: string }
  | { code: 'valueKpi'; where: string }
  | { code: 'duplicateStaticTitle'; where: string };

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The clusters' weights add up to 100 % (within a rounding error of the decimal weights): what activation asks. */
export const clusterWeightsAddUp = (clusters: readonly { weight: number }[]): boolean => Math.abs(sum(clusters.map((c) => c.weight)) - 100) <= 1e-6;

/**
 * Activation validity (spec 02 §4 "Activation is refused on invalid inputs", §8): the list of what is
 * wrong, empty when the template may be activated.
 */
export const activationProblems = (template: TemplateContent & { state: QuestionnaireState }): ActivationProblem[] => {
  const problems: ActivationProblem[] = [];
  if (template.state !== 'Draft') problems.push({ code: 'notDraft' });
  if (template.title.trim() === '') problems.push({ code: 'missingTitle' });
  if (template.version.trim() === '') problems.push({ code: 'missingVersion' });
  if (template.clusters.length !== CLUSTER_COUNT) problems.push({ code: 'clusterCount' });
  const weightSum = sum(template.clusters.map((c) => c.weight));
  if (!clusterWeightsAddUp(template.clusters)) problems.push({ code: 'clusterWeights', sum: weightSum });
  const questions = allQuestions(template);
  if (questions.length === 0) problems.push({ code: 'noQuestions' });
  const titles = new Map<string, number>();
  for (const q of questions) titles.set(q.staticTitle, (titles.get(q.staticTitle) ?? 0) + 1);

  template.clusters.forEach((cluster, ci) => {
    cluster.categories.forEach((category) => {
      const catWhere = `${toRoman(ci + 1)} / ${category.translations.find((t) => t.language === 'de')?.name ?? ''}`;
      for (const language of ['de', 'en'] as const) {
        if (!category.translations.some((t) => t.language === language && t.name.trim() !== '')) problems.push({ code: 'missingName', where: catWhere });
      }
      category.sections.forEach((section) => {
        const secWhere = `${catWhere} / ${section.translations.find((t) => t.language === 'de')?.name ?? ''}`;
        for (const language of ['de', 'en'] as const) {
          if (!section.translations.some((t) => t.language === language && t.name.trim() !== '')) problems.push({ code: 'missingName', where: secWhere });
        }
        for (const q of section.questions) {
          const where = q.staticTitle;
          for (const language of ['de', 'en'] as const) {
            if (!q.translations.some((t) => t.language === language && t.title.trim() !== '')) problems.push({ code: 'missingTitleTranslation', where });
          }
          if ((q.type === 'SingleChoice' || q.type === 'MultipleChoice') && q.options.length < 2) problems.push({ code: 'tooFewOptions', where });
          if (q.type === 'VirtualQuestion') {
            const parent = questions.find((p) =>
              (q.parentQuestionId !== null && p.id === q.parentQuestionId) || (q.parentQuestionId === null && q.parentStaticTitle && p.staticTitle === q.parentStaticTitle));
            if (!q.virtualQuestionType || !parent || parent.type !== 'ValueQuestion') problems.push({ code: 'virtualParent', where });
            if (q.virtualQuestionType !== 'Year' && !(q.averageVariator !== null && q.averageVariator > 0)) problems.push({ code: 'virtualVariator', where });
          }
          if (q.type === 'ValueQuestion' && q.kpiKey === null) problems.push({ code: 'valueKpi', where });
          if ((titles.get(q.staticTitle) ?? 0) > 1) problems.push({ code: 'duplicateStaticTitle', where });
        }
      });
    });
  });
  // One entry per kind and place is enough to say what is wrong.
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = JSON.stringify(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** The ids of a template's stored structure, per level. */
export interface StructureIds {
  clusters: ReadonlySet<number>;
  categories: ReadonlySet<number>;
  sections: ReadonlySet<number>;
  questions: ReadonlySet<number>;
  options: ReadonlySet<number>;
}

/**
 * Whether a saved tree refers only to what it may: every stored id (positive) belongs to this template,
 * new items carry null or a negative temporary id, and every parent question named is a question of the
 * same tree (issue 9: an unknown parentQuestionId answers 400, never a broken tree).
 */
export const structureIdsValid = (content: TemplateContent, known: StructureIds): boolean => {
  const owns = (ids: ReadonlySet<number>, list: readonly { id: number | null }[]) => list.every((item) => item.id === null || item.id < 0 || ids.has(item.id));
  const categories = content.clusters.flatMap((c) => c.categories);
  const sections = categories.flatMap((c) => c.sections);
  const questions = allQuestions(content);
  const questionIds = new Set(questions.map((q) => q.id).filter((id): id is number => id !== null));
  return (
    owns(known.clusters, content.clusters) &&
    owns(known.categories, categories) &&
    owns(known.sections, sections) &&
    owns(known.questions, questions) &&
    owns(known.options, questions.flatMap((q) => q.options)) &&
    questions.every((q) => q.parentQuestionId === null || questionIds.has(q.parentQuestionId))
  );
};

/** Templates and reference data are created, edited and activated by the scoring model manager (spec 02 §6). */
export const mayManageTemplates = (actor: { roles: readonly Role[] }): boolean => actor.roles.includes(Role.ScoringModelManager);

/** A template is read by its managers in any state; every other signed-in user reads the active ones only. */
export const mayReadTemplate = (actor: { roles: readonly Role[] }, template: { state: QuestionnaireState }): boolean =>
  mayManageTemplates(actor) || template.state === 'Active';
