import type { Language } from '../shared/language.ts';
import { emptyCluster } from './template-rules.ts';
import {
  allQuestions,
  type Category,
  type Cluster,
  type Question,
  type QuestionOption,
  type Section,
  type TemplateContent,
} from './template.ts';

/** The levels of the structure (spec 02 §3 "Structure levels"). */
export const STRUCTURE_LEVELS = ['Cluster', 'Category', 'Section', 'Question'] as const;
export type StructureLevel = (typeof STRUCTURE_LEVELS)[number];

/** What the add-structure-item dialog hands over (spec 02 §3: level, clusterIdx, categoryId, sectionId, title). */
export interface AddedItem {
  level: StructureLevel;
  clusterIdx: number | null;
  categoryId: number | null;
  sectionId: number | null;
  title: string;
}

export type AddedItemField = 'clusterIdx' | 'categoryId' | 'sectionId' | 'title';

/**
 * Spec 02 §5: cluster and title are required, plus the category and section above the level.
 * Answers the fields that are missing.
 */
export const addedItemProblems = (item: AddedItem): AddedItemField[] => {
  const missing: AddedItemField[] = [];
  if (item.level !== 'Cluster' && item.clusterIdx === null) missing.push('clusterIdx');
  if ((item.level === 'Section' || item.level === 'Question') && item.categoryId === null) missing.push('categoryId');
  if (item.level === 'Question' && item.sectionId === null) missing.push('sectionId');
  if (item.title.trim() === '') missing.push('title');
  return missing;
};

/** Changing the cluster in the dialog resets category and section; changing the category resets the section. */
export const changeAddedItem = (item: AddedItem, change: Partial<AddedItem>): AddedItem => {
  const next = { ...item, ...change };
  if (change.clusterIdx !== undefined && change.clusterIdx !== item.clusterIdx) return { ...next, categoryId: null, sectionId: null };
  if (change.categoryId !== undefined && change.categoryId !== item.categoryId) return { ...next, sectionId: null };
  return next;
};

/** A reference to an item of the editing session; clusters are addressed by position, the rest by id. */
export type ItemRef =
  | { kind: 'category'; id: number }
  | { kind: 'section'; id: number }
  | { kind: 'question'; id: number };

export const itemKey = (ref: ItemRef): string => `${ref.kind}:${ref.id}`;

const everyId = (content: TemplateContent): number[] =>
  content.clusters.flatMap((c) => [
    c.id ?? 0,
    ...c.categories.flatMap((cat) => [
      cat.id ?? 0,
      ...cat.sections.flatMap((s) => [s.id ?? 0, ...s.questions.flatMap((q) => [q.id ?? 0, ...q.options.map((o) => o.id ?? 0)])]),
    ]),
  ]);

/** The next temporary id: negative and below every id in use (spec 02 §3). */
export const nextTempId = (content: TemplateContent): number => Math.min(0, ...everyId(content)) - 1;

const titles = (title: string, language: Language): Language[] => (language === 'de' ? ['de'] : ['de', language]);

export const blankQuestion = (id: number, title: string, language: Language, order: number): Question => ({
  id,
  staticTitle: title,
  type: 'SingleChoice',
  translations: titles(title, language).map((l) => ({ language: l, title, description: '', clarification: '' })),
  assetTypes: [],
  clusterType: null,
  taxonomyRelevant: false,
  relevantForReview: true,
  isGreenHouseGas: false,
  scoreType: 'Ecore',
  options: [],
  virtualQuestionType: null,
  averageVariator: null,
  parentQuestionId: null,
  parentStaticTitle: null,
  basicQuestion: false,
  averageValue: null,
  virtualMaxScore: null,
  ambitionLevel: 'A1',
  kpiKey: null,
  order,
});

export interface AddResult {
  content: TemplateContent;
  /** The route target of the new item. */
  ref: ItemRef | { kind: 'cluster'; index: number };
}

/**
 * Adds an item from the add-structure-item dialog with a temporary negative id. New items get their
 * title in the current language and in German (spec 02 §3).
 */
export const addStructureItem = (content: TemplateContent, item: AddedItem, language: Language): AddResult | null => {
  if (addedItemProblems(item).length) return null;
  const id = nextTempId(content);
  const names = titles(item.title, language).map((l) => ({ language: l, name: item.title }));
  if (item.level === 'Cluster') {
    const index = content.clusters.length;
    return { content: { ...content, clusters: [...content.clusters, emptyCluster(index, 0)] }, ref: { kind: 'cluster', index } };
  }
  const clusterIdx = item.clusterIdx!;
  if (!content.clusters[clusterIdx]) return null;
  if (item.level === 'Category') {
    const cluster = content.clusters[clusterIdx]!;
    const category: Category = { id, translations: names, order: cluster.categories.length + 1, sections: [] };
    return { content: mapClusters(content, (c, i) => (i === clusterIdx ? { ...c, categories: [...c.categories, category] } : c)), ref: { kind: 'category', id } };
  }
  const target = findCategory(content, item.categoryId!);
  if (!target || target.clusterIdx !== clusterIdx) return null;
  if (item.level === 'Section') {
    const section: Section = { id, translations: names, weight: 0, financeWeight: 0, order: target.category.sections.length + 1, questions: [] };
    return { content: updateCategory(content, item.categoryId!, (cat) => ({ ...cat, sections: [...cat.sections, section] })), ref: { kind: 'section', id } };
  }
  const found = findSection(content, item.sectionId!);
  if (!found || found.categoryId !== item.categoryId) return null;
  const question = blankQuestion(id, item.title, language, found.section.questions.length + 1);
  return { content: updateSection(content, item.sectionId!, (s) => ({ ...s, questions: [...s.questions, question] })), ref: { kind: 'question', id } };
};

const mapClusters = (content: TemplateContent, fn: (cluster: Cluster, index: number) => Cluster): TemplateContent => ({
  ...content,
  clusters: content.clusters.map(fn),
});

export const updateCluster = (content: TemplateContent, index: number, fn: (c: Cluster) => Cluster): TemplateContent =>
  mapClusters(content, (c, i) => (i === index ? fn(c) : c));

export const updateCategory = (content: TemplateContent, id: number, fn: (c: Category) => Category): TemplateContent =>
  mapClusters(content, (c) => ({ ...c, categories: c.categories.map((cat) => (cat.id === id ? fn(cat) : cat)) }));

export const updateSection = (content: TemplateContent, id: number, fn: (s: Section) => Section): TemplateContent =>
  mapClusters(content, (c) => ({
    ...c,
    categories: c.categories.map((cat) => ({ ...cat, sections: cat.sections.map((s) => (s.id === id ? fn(s) : s)) })),
  }));

export const updateQuestion = (content: TemplateContent, id: number, fn: (q: Question) => Question): TemplateContent =>
  mapClusters(content, (c) => ({
    ...c,
    categories: c.categories.map((cat) => ({
      ...cat,
      sections: cat.sections.map((s) => ({ ...s, questions: s.questions.map((q) => (q.id === id ? fn(q) : q)) })),
    })),
  }));

export const findCategory = (content: TemplateContent, id: number) => {
  for (const [clusterIdx, cluster] of content.clusters.entries()) {
    const category = cluster.categories.find((c) => c.id === id);
    if (category) return { clusterIdx, category };
  }
  return null;
};

export const findSection = (content: TemplateContent, id: number) => {
  for (const [clusterIdx, cluster] of content.clusters.entries()) {
    for (const category of cluster.categories) {
      const section = category.sections.find((s) => s.id === id);
      if (section) return { clusterIdx, categoryId: category.id!, section };
    }
  }
  return null;
};

export const findQuestion = (content: TemplateContent, id: number) => {
  for (const [clusterIdx, cluster] of content.clusters.entries()) {
    for (const category of cluster.categories) {
      for (const section of category.sections) {
        const question = section.questions.find((q) => q.id === id);
        if (question) return { clusterIdx, categoryId: category.id!, sectionId: section.id!, question };
      }
    }
  }
  return null;
};

/** A new option with a temporary id, its text in German and English. */
export const blankOption = (id: number, order: number): QuestionOption => ({
  id,
  text: '',
  score: 0,
  order,
  isExclusive: false,
  translations: [
    { language: 'de', text: '' },
    { language: 'en', text: '' },
  ],
});

/**
 * Duplicates a question within its section ("cloned in session", spec 02 §8): every id of the copy is
 * temporary, the static title gets a suffix so that it stays unique.
 */
export const cloneQuestion = (content: TemplateContent, id: number): { content: TemplateContent; newId: number } | null => {
  const found = findQuestion(content, id);
  if (!found) return null;
  let next = nextTempId(content);
  const newId = next;
  next -= 1;
  const source = found.question;
  const copy: Question = {
    ...source,
    id: newId,
    staticTitle: `${source.staticTitle} (2)`,
    order: source.order + 1,
    options: source.options.map((o) => {
      const option = { ...o, id: next, translations: o.translations.map((t) => ({ ...t })) };
      next -= 1;
      return option;
    }),
    translations: source.translations.map((t) => ({ ...t })),
  };
  return {
    content: updateSection(content, found.sectionId, (s) => {
      const at = s.questions.findIndex((q) => q.id === id);
      const questions = [...s.questions.slice(0, at + 1), copy, ...s.questions.slice(at + 1)];
      return { ...s, questions: questions.map((q, i) => ({ ...q, order: i + 1 })) };
    }),
    newId,
  };
};

const tempToNull = (id: number | null): number | null => (id === null || id < 0 ? null : id);

/**
 * What the save sends (spec 02 §3, §4): items marked deleted are left out, temporary negative ids become
 * null (a virtual question whose parent is new names the parent by static title instead), and maxScore
 * is stripped.
 */
export const toSavePayload = (content: TemplateContent, deleted: ReadonlySet<string>): TemplateContent => {
  const byId = new Map(allQuestions(content).filter((q) => q.id !== null).map((q) => [q.id!, q]));
  return {
    ...content,
    clusters: content.clusters.map((cluster) => ({
      ...cluster,
      id: tempToNull(cluster.id),
      categories: cluster.categories
        .filter((cat) => cat.id === null || !deleted.has(itemKey({ kind: 'category', id: cat.id })))
        .map((cat) => ({
          ...cat,
          id: tempToNull(cat.id),
          sections: cat.sections
            .filter((s) => s.id === null || !deleted.has(itemKey({ kind: 'section', id: s.id })))
            .map((s) => ({
              ...s,
              id: tempToNull(s.id),
              questions: s.questions
                .filter((q) => q.id === null || !deleted.has(itemKey({ kind: 'question', id: q.id })))
                .map(({ maxScore: _maxScore, ...q }) => {
                  const parent = q.parentQuestionId === null ? undefined : byId.get(q.parentQuestionId);
                  const parentIsNew = q.parentQuestionId !== null && q.parentQuestionId < 0;
                  return {
                    ...q,
                    id: tempToNull(q.id),
                    parentQuestionId: tempToNull(q.parentQuestionId),
                    parentStaticTitle: parentIsNew ? (parent?.staticTitle ?? null) : (q.parentStaticTitle ?? null),
                    options: q.options.map((o) => ({ ...o, id: tempToNull(o.id) })),
                  };
                }),
            })),
        })),
    })),
  };
};

/** True when a template still holds a temporary id anywhere. */
export const hasTempIds = (content: TemplateContent): boolean => everyId(content).some((id) => id < 0);
