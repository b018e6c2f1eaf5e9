import type { Category, Cluster, Question, Section } from '@ecore/core/questionnaires/template.ts';
import type { NodePlace } from './answering-paths.ts';

/*
 * Finding things in the applicable structure the server sends (clusters → categories → sections →
 * questions). Which questions apply and how progress counts are core's rules; this only walks the tree.
 */

export interface QuestionPlace {
  clusterNum: number;
  cluster: Cluster;
  category: Category;
  section: Section;
  question: Question;
}

export const questionPlaces = (clusters: readonly Cluster[]): QuestionPlace[] =>
  clusters.flatMap((cluster, ci) =>
    cluster.categories.flatMap((category) =>
      category.sections.flatMap((section) => section.questions.map((question) => ({ clusterNum: ci + 1, cluster, category, section, question }))),
    ),
  );

export const findQuestionPlace = (clusters: readonly Cluster[], questionId: number): QuestionPlace | null =>
  questionPlaces(clusters).find((p) => p.question.id === questionId) ?? null;

export const placeOfQuestion = (p: QuestionPlace): NodePlace => ({
  clusterNum: p.clusterNum,
  categoryId: p.category.id ?? undefined,
  sectionId: p.section.id ?? undefined,
  questionId: p.question.id ?? undefined,
});

export const findCategory = (cluster: Cluster | undefined, categoryId: number): Category | null =>
  cluster?.categories.find((c) => c.id === categoryId) ?? null;

export const findSection = (category: Category | null, sectionId: number): Section | null =>
  category?.sections.find((s) => s.id === sectionId) ?? null;

/** The ids of the options of a question, in their order. */
export const sortedOptions = (question: Question) => [...question.options].sort((a, b) => a.order - b.order);
