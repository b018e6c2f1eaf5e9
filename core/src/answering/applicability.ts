import { allQuestions, type AmbitionLevel, type AssetClass, type Question, type TemplateContent } from '../questionnaires/template.ts';

/** The part of a template answering works on: its clusters, categories, sections and questions. */
export type AnswerStructure = Pick<TemplateContent, 'clusters'>;

/**
 * The ambition levels that count where a template names none: A1 (DOMAIN.md §5 "default A1"). A template
 * whose list of scored levels is empty would otherwise show no question at all.
 */
export const DEFAULT_SCORED_LEVELS: readonly AmbitionLevel[] = ['A1'];

const scored = (levels: readonly AmbitionLevel[]): readonly AmbitionLevel[] => (levels.length > 0 ? levels : DEFAULT_SCORED_LEVELS);

/**
 * Whether a question applies to an object (DOMAIN.md §5): its `assetTypes` is empty or shares a class with
 * the object's asset classes, and its ambition level is one the template scores. A question that does not
 * apply is neither shown nor answered nor counted.
 */
export const questionApplies = (
  question: Pick<Question, 'assetTypes' | 'ambitionLevel'>,
  objectClasses: readonly AssetClass[],
  scoredLevels: readonly AmbitionLevel[],
): boolean =>
  (question.assetTypes.length === 0 || question.assetTypes.some((c) => objectClasses.includes(c))) && scored(scoredLevels).includes(question.ambitionLevel);

/**
 * The structure an object answers: only the questions that apply; sections and categories left empty are
 * dropped. Clusters are kept, even empty ones, because their position is the route's `clusterNum` (1-based)
 * and cluster I stays cluster I.
 */
export const applicableTemplate = <T extends AnswerStructure>(template: T, objectClasses: readonly AssetClass[], scoredLevels: readonly AmbitionLevel[]): T => ({
  ...template,
  clusters: template.clusters.map((cluster) => ({
    ...cluster,
    categories: cluster.categories
      .map((category) => ({
        ...category,
        sections: category.sections
          .map((section) => ({ ...section, questions: section.questions.filter((q) => questionApplies(q, objectClasses, scoredLevels)) }))
          .filter((section) => section.questions.length > 0),
      }))
      .filter((category) => category.sections.length > 0),
  })),
});

/** A virtual question is computed from its parent's value and never answered by hand (DOMAIN.md §5). */
export const isAnswerableQuestion = (question: Pick<Question, 'type'>): boolean => question.type !== 'VirtualQuestion';

// A structure is not changed once made (every change of a template or an object's classes makes a new one): its
// questions answered by hand and its questions by id are made once per structure object (each save looks them up).
const answerables = new WeakMap<AnswerStructure, Question[]>();
const questionsById = new WeakMap<AnswerStructure, Map<number, Question>>();

/** The questions of an (applicable) structure that are answered by hand, in tree order (a shared, frozen list). */
export const answerableQuestions = (structure: AnswerStructure): Question[] => {
  let found = answerables.get(structure);
  if (!found) answerables.set(structure, (found = Object.freeze(allQuestions(structure).filter(isAnswerableQuestion)) as Question[]));
  return found;
};

/** The question with that id in the structure (the first in tree order), if any. */
export const findQuestion = (structure: AnswerStructure, questionId: number): Question | undefined => {
  let byId = questionsById.get(structure);
  if (!byId) {
    byId = new Map();
    for (const q of allQuestions(structure)) if (q.id !== null && !byId.has(q.id)) byId.set(q.id, q);
    questionsById.set(structure, byId);
  }
  return byId.get(questionId);
};
