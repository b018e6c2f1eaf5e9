import { clusterName } from '../questionnaires/template-export.ts';
import { nameIn, type Id, type TemplateContent } from '../questionnaires/template.ts';
import { LANGUAGES, type Language } from '../shared/language.ts';
import { classify, type Classification } from './display.ts';
import { groupScore, type ScoreSummary } from './score.ts';

/** One level of a group's structure: its titles in both languages and its BGF-weighted ratio. */
export interface StructureLevel {
  id: Id | null;
  title: Record<Language, string>;
  ratio: number | null;
  classification: Classification;
}

/** A group's structure (the group results' "details"): the template's clusters, categories and sections with the group's ratios. */
export interface GroupStructure {
  clusters: (StructureLevel & { clusterIdentifier: string; categories: (StructureLevel & { sections: StructureLevel[] })[] })[];
}

const titles = (name: (language: Language) => string): Record<Language, string> =>
  Object.fromEntries(LANGUAGES.map((l) => [l, name(l)])) as Record<Language, string>;

/** The ratios of one object's result by level: clusters by position (the result keeps every cluster), categories and sections by id. */
const ratiosOf = (result: Pick<ScoreSummary, 'clusters'>) => {
  const categories = new Map<Id, number | null>();
  const sections = new Map<Id, number | null>();
  for (const cluster of result.clusters) {
    for (const category of cluster.categories) {
      if (category.id !== null) categories.set(category.id, category.ratio);
      for (const section of category.sections) if (section.id !== null) sections.set(section.id, section.ratio);
    }
  }
  return { clusters: result.clusters.map((c) => c.ratio), categories, sections };
};

/**
 * A group's structure with area-weighted ratios per level (docs/scoring.md "structureInfo"): for every cluster,
 * category and section of the template, the mean of the ratios of the objects whose level counts, weighted by
 * gross floor area (core `groupScore`: objects without area or where the level does not count — it does not apply
 * or nothing in it counts — weigh nothing; none left: null, Neutral). `objects` are the results of objects scored
 * on this template (a whole `ScoreResult` or its stored `ScoreSummary`); objects on another template are the caller's to leave out.
 */
export const groupStructure = (template: Pick<TemplateContent, 'clusters'>, objects: readonly { area: number; result: Pick<ScoreSummary, 'clusters'> }[]): GroupStructure => {
  const parts = objects.map((o) => ({ area: o.area, ratios: ratiosOf(o.result) }));
  const level = (id: Id | null, title: Record<Language, string>, ratioOf: (r: ReturnType<typeof ratiosOf>) => number | null | undefined): StructureLevel => {
    const ratio = groupScore(parts.map((p) => ({ area: p.area, score: ratioOf(p.ratios) ?? null })));
    return { id, title, ratio, classification: classify(ratio) };
  };
  return {
    clusters: template.clusters.map((cluster, index) => ({
      ...level(cluster.id, titles((l) => clusterName(index, l)), (r) => r.clusters[index]),
      clusterIdentifier: cluster.clusterIdentifier,
      categories: cluster.categories.map((category) => ({
        ...level(category.id, titles((l) => nameIn(category.translations, l)), (r) => (category.id === null ? null : r.categories.get(category.id))),
        sections: category.sections.map((section) => level(section.id, titles((l) => nameIn(section.translations, l)), (r) => (section.id === null ? null : r.sections.get(section.id)))),
      })),
    })),
  };
};
