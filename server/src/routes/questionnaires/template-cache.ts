import type { Kysely } from 'kysely';
import { maxScoreOf, type QuestionnaireTemplate } from '@ecore/core/questionnaires/template.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { findTemplate, findTemplateStamp } from '@ecore/adapters/db/questionnaires/templates-repository.ts';

/** The template as the API answers it, less the lock: maxScore per question. */
export const scoredTemplate = (template: QuestionnaireTemplate) => ({
  ...template,
  clusters: template.clusters.map((c) => ({
    ...c,
    categories: c.categories.map((cat) => ({
      ...cat,
      sections: cat.sections.map((s) => ({ ...s, questions: s.questions.map((q) => ({ ...q, maxScore: maxScoreOf(q) })) })),
    })),
  })),
});
export type ScoredTemplate = ReturnType<typeof scoredTemplate>;

/** Where the server keeps templates' stamps between requests (emptied by the templates' change notifications). */
export interface StampCache {
  get(id: number, read: () => Promise<string | null>): Promise<string | null>;
}

/**
 * Whole templates by id, each kept for the stamp (revision and writing transaction) it was read at: every
 * read asks the database for the template's current stamp (one small query; a save and every state change
 * such as an activation change it, in any process), and reads the structure again (a fixed number of
 * queries) only when it changed. With `stamps` even the stamp is read only after a change.
 */
export function createTemplateCache(db: Kysely<DB>, stamps?: StampCache, maxEntries = 20) {
  const entries = new Map<number, { stamp: string; template: ScoredTemplate }>();
  const stats = { structureReads: 0 };
  return {
    stats,
    /** `executor`: where a template not kept is read (a transaction that holds the only connection of the embedded database). */
    async get(id: number, executor: Kysely<DB> = db): Promise<ScoredTemplate | null> {
      const stamp = stamps ? await stamps.get(id, () => findTemplateStamp(executor, id)) : await findTemplateStamp(executor, id);
      if (stamp === null) {
        entries.delete(id);
        return null;
      }
      const cached = entries.get(id);
      if (cached?.stamp === stamp) return cached.template;
      stats.structureReads += 1;
      const template = await findTemplate(executor, id);
      if (!template) return null;
      const scored = scoredTemplate(template);
      if (entries.size >= maxEntries) entries.clear();
      // Kept under the stamp read before the structure: a save in between makes the next read fetch it again.
      entries.set(id, { stamp, template: scored });
      return scored;
    },
  };
}
