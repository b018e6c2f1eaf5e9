import fc from 'fast-check';
import type { StateChange, TemplateStateRow } from '../template-rules.ts';
import { QUESTION_TYPES, QUESTIONNAIRE_STATES, QUESTIONNAIRE_TYPES, type Question, type TemplateContent } from '../template.ts';
import { blankQuestion } from '../editing.ts';

/** A set of stored templates with distinct ids, in any states and types. */
export const templateStates = (): fc.Arbitrary<TemplateStateRow[]> =>
  fc
    .uniqueArray(
      fc.record({ id: fc.integer({ min: 1, max: 500 }), state: fc.constantFrom(...QUESTIONNAIRE_STATES), type: fc.constantFrom(...QUESTIONNAIRE_TYPES) }),
      { selector: (t) => t.id, maxLength: 20 },
    );

/** Stored templates as the rules keep them: at most one draft, at most one active template per type. */
export const consistentTemplateStates = (): fc.Arbitrary<TemplateStateRow[]> =>
  templateStates().map((list) => {
    const seenActive = new Set<string>();
    let draftSeen = false;
    return list.map((t) => {
      if (t.state === 'Draft') {
        if (draftSeen) return { ...t, state: 'Archived' as const };
        draftSeen = true;
      }
      if (t.state === 'Active') {
        if (seenActive.has(t.type)) return { ...t, state: 'Archived' as const };
        seenActive.add(t.type);
      }
      return t;
    });
  });

export type { StateChange };

let counter = 0;
const question = (id: number): fc.Arbitrary<Question> =>
  fc.constantFrom(...QUESTION_TYPES).map((type) => ({ ...blankQuestion(id, `Q${id}-${(counter += 1)}`, 'en', 1), type }));

/** Template contents with 1 to 4 clusters and stored (positive) ids. */
export const templateContent = (): fc.Arbitrary<TemplateContent> =>
  fc
    .array(
      fc.record({
        weight: fc.integer({ min: 0, max: 100 }),
        categories: fc.array(fc.array(fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 3 }), { maxLength: 2 }), { maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 4 },
    )
    .chain((clusters) => {
      let next = 1;
      const nextId = () => (next += 1);
      const built = clusters.map((c, ci) => ({
        id: nextId(),
        clusterIdentifier: String(ci + 1),
        weight: c.weight,
        financeWeight: c.weight,
        isTaxonomyCluster: ci === 3,
        categories: c.categories.map((sections, order) => ({
          id: nextId(),
          translations: [{ language: 'de' as const, name: `K${order}` }],
          order,
          sections: sections.map((qs, so) => ({
            id: nextId(),
            translations: [{ language: 'de' as const, name: `A${so}` }],
            weight: 1,
            financeWeight: 1,
            order: so,
            questionIds: qs.map(() => nextId()),
          })),
        })),
      }));
      const ids = built.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questionIds)));
      return fc.tuple(...ids.map((id) => question(id))).map((questions) => {
        const byId = new Map(questions.map((q) => [q.id!, q]));
        return {
          title: 'T',
          type: 'Ecore' as const,
          version: '2025_01',
          taxonomyCompliance: true,
          scoredAmbitionLevels: ['A1' as const],
          clusters: built.map((c) => ({
            ...c,
            categories: c.categories.map((cat) => ({
              ...cat,
              sections: cat.sections.map(({ questionIds, ...s }) => ({ ...s, questions: questionIds.map((id) => byId.get(id)!) })),
            })),
          })),
        };
      });
    });
