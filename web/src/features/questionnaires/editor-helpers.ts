import { blankOption, nextTempId, updateQuestion, type AddedItem } from '@ecore/core/questionnaires/editing.ts';
import type { NameTranslation, Question, QuestionOption, QuestionTranslation, TemplateContent } from '@ecore/core/questionnaires/template.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { parseLocaleNumber } from '@ecore/core/shared/locale-number.ts';
import { currentLanguage } from '../../lib/i18n.ts';

/*
 * Pure helpers of the editor's panels. Edits are written as updaters of the item as it is in the
 * session when the edit is applied, never as values copied from the rendered item: two edits before
 * the next render (or an edit in a panel still shown during a route transition) must not undo each other.
 */

export type QuestionEdit = (question: Question) => Question;

export const setName = (list: readonly NameTranslation[], language: Language, name: string): NameTranslation[] =>
  [...list.filter((t) => t.language !== language), { language, name }].sort((a, b) => a.language.localeCompare(b.language));

export const setQuestionTranslation = (list: readonly QuestionTranslation[], language: Language, patch: Partial<Omit<QuestionTranslation, 'language'>>): QuestionTranslation[] => {
  const current = list.find((x) => x.language === language) ?? { language, title: '', description: '', clarification: '' };
  return [...list.filter((x) => x.language !== language), { ...current, ...patch, language }].sort((a, b) => a.language.localeCompare(b.language));
};

/**
 * A number typed in the interface language (core parseLocaleNumber: decimal comma and thousands points in
 * German, the other way round in English); empty gives the fallback, anything else that is no number NaN.
 */
export const parseNumber = (v: string | number, fallback = 0, language: Language = currentLanguage()): number =>
  typeof v === 'number' ? v : v.trim() === '' ? fallback : (parseLocaleNumber(v, language) ?? Number.NaN);
export const parseNumberOrNull = (v: string | number): number | null => (typeof v === 'string' && v.trim() === '' ? null : parseNumber(v));

export const patchQuestion = (patch: Partial<Question>): QuestionEdit => (q) => ({ ...q, ...patch });

export const patchQuestionTranslation = (language: Language, patch: Partial<Omit<QuestionTranslation, 'language'>>): QuestionEdit => (q) =>
  ({ ...q, translations: setQuestionTranslation(q.translations, language, patch) });

/** An option as a panel rendered it: by its id, or by its position while it has none. */
export interface OptionRef {
  id: number | null;
  index: number;
}

const isOption = (ref: OptionRef) => (o: QuestionOption, i: number) => (ref.id !== null ? o.id === ref.id : i === ref.index);

export const patchOption = (ref: OptionRef, patch: Partial<QuestionOption>): QuestionEdit => (q) =>
  ({ ...q, options: q.options.map((o, i) => (isOption(ref)(o, i) ? { ...o, ...patch } : o)) });

/** An option's text per language; the German text is also the option's default text. */
export const setOptionText = (ref: OptionRef, language: Language, text: string): QuestionEdit => (q) => ({
  ...q,
  options: q.options.map((o, i) =>
    isOption(ref)(o, i) ? { ...o, translations: [...o.translations.filter((x) => x.language !== language), { language, text }], ...(language === 'de' ? { text } : {}) } : o),
});

export const removeOption = (ref: OptionRef): QuestionEdit => (q) => ({ ...q, options: q.options.filter((o, i) => !isOption(ref)(o, i)) });

/** Adds an empty option with a fresh temporary id to question `questionId` of the session's content. */
export const addBlankOption = (content: TemplateContent, questionId: number): TemplateContent =>
  updateQuestion(content, questionId, (q) => ({ ...q, options: [...q.options, blankOption(nextTempId(content), q.options.length + 1)] }));

/**
 * Whether a navigation leaves the editor of template `id` (then unsaved changes ask first). Moving
 * inside the editor's tree does not; another template's editor does, even when its id starts alike.
 */
export const leavesEditor = (id: number, currentPath: string, nextPath: string): boolean => {
  const base = `/score/questionnaire/${id}`;
  const inside = nextPath === base || nextPath.startsWith(`${base}/`);
  return !inside && currentPath !== nextPath;
};

export const findClusterOf = (content: TemplateContent, itemId: number): number | null => {
  for (const [ci, c] of content.clusters.entries()) {
    for (const cat of c.categories) {
      if (cat.id === itemId || cat.sections.some((s) => s.id === itemId || s.questions.some((q) => q.id === itemId))) return ci;
    }
  }
  return null;
};

export const findCategoryOf = (content: TemplateContent, itemId: number): number | null => {
  for (const c of content.clusters) {
    for (const cat of c.categories) {
      if (cat.id === itemId || cat.sections.some((s) => s.id === itemId || s.questions.some((q) => q.id === itemId))) return cat.id;
    }
  }
  return null;
};

export interface EditorRouteParams {
  clusterNum?: string | undefined;
  categoryId?: string | undefined;
  sectionId?: string | undefined;
  questionId?: string | undefined;
}

const idOf = (v: string | undefined): number | null => (v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));

/**
 * The add-structure-item dialog preselects cluster, category and section from the route parameters
 * clusterNum, categoryId and sectionId (spec 02 §2); on a question the cluster is that of the question.
 */
export const presetFromRoute = (content: TemplateContent, params: EditorRouteParams): AddedItem => {
  const clusterNum = idOf(params.clusterNum);
  const categoryId = idOf(params.categoryId);
  const sectionId = idOf(params.sectionId);
  const anchor = categoryId ?? sectionId ?? idOf(params.questionId);
  return {
    level: sectionId !== null ? 'Question' : categoryId !== null ? 'Section' : 'Category',
    clusterIdx: clusterNum !== null ? clusterNum - 1 : anchor === null ? null : findClusterOf(content, anchor),
    categoryId: categoryId ?? (sectionId === null ? null : findCategoryOf(content, sectionId)),
    sectionId,
    title: '',
  };
};
