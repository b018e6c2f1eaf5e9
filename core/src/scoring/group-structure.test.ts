// A group's structure for the group results' details (docs/scoring.md "structureInfo"): per cluster, category and
// section the BGF-weighted mean of the objects' ratios where the level counts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankQuestion } from '../questionnaires/editing.ts';
import type { Question, Section, TemplateContent } from '../questionnaires/template.ts';
import { scoringAnswers, scoringObject, scoringTemplate, someReferenceData } from './arbitraries/scoring.ts';
import { groupStructure, type GroupStructure } from './group-structure.ts';
import type { ReferenceData } from './reference-lookup.ts';
import { score, type ScoreResult, type ScoringObject } from './score.ts';

const NO_DATA: ReferenceData = { values: [], emissionFactors: [] };
const OFFICE: ScoringObject = { country: 'DE', assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }], area: 1000, reportingYear: 2024 };

/** Every level of a structure with its path, in tree order. */
const levels = (s: GroupStructure) =>
  s.clusters.flatMap((c, ci) => [
    { path: `${ci}`, ratio: c.ratio },
    ...c.categories.flatMap((cat, gi) => [{ path: `${ci}.${gi}`, ratio: cat.ratio }, ...cat.sections.map((sec, si) => ({ path: `${ci}.${gi}.${si}`, ratio: sec.ratio }))]),
  ]);

/** The ratio of the level with this template path in one object's result (null where it does not count or was dropped). */
const objectRatio = (template: Pick<TemplateContent, 'clusters'>, result: ScoreResult, path: string): number | null => {
  const [ci, gi, si] = path.split('.').map(Number) as [number, number | undefined, number | undefined];
  const cluster = result.clusters[ci]!;
  if (gi === undefined) return cluster.ratio;
  const category = cluster.categories.find((c) => c.id === template.clusters[ci]!.categories[gi]!.id);
  if (si === undefined) return category?.ratio ?? null;
  return category?.sections.find((s) => s.id === template.clusters[ci]!.categories[gi]!.sections[si]!.id)?.ratio ?? null;
};

/** A template and several objects answering it. */
const groupCase = () =>
  scoringTemplate().chain((template) =>
    fc.record({
      template: fc.constant(template),
      data: someReferenceData(),
      objects: fc.array(fc.tuple(scoringObject(), scoringAnswers(template)), { minLength: 1, maxLength: 5 }),
    }),
  );

describe('a group’s structure (structureInfo)', () => {
  it('a group of one object has exactly that object’s ratios at every level', () => {
    fc.assert(
      fc.property(groupCase(), ({ template, data, objects }) => {
        const [object, answers] = objects[0]!;
        const result = score(template, object, answers, data, { explain: false });
        const structure = groupStructure(template, [{ area: object.area, result }]);
        for (const level of levels(structure)) expect(level.ratio, level.path).toBe(objectRatio(template, result, level.path));
      }),
      { numRuns: 60 },
    );
  });

  it('every ratio lies between the lowest and the highest ratio of the objects where the level counts', () => {
    fc.assert(
      fc.property(groupCase(), ({ template, data, objects }) => {
        const results = objects.map(([object, answers]) => ({ area: object.area, result: score(template, object, answers, data, { explain: false }) }));
        for (const level of levels(groupStructure(template, results))) {
          const own = results.map((r) => objectRatio(template, r.result, level.path)).filter((r): r is number => r !== null);
          if (own.length === 0) expect(level.ratio, level.path).toBeNull();
          else {
            expect(level.ratio, level.path).toBeGreaterThanOrEqual(Math.min(...own));
            expect(level.ratio, level.path).toBeLessThanOrEqual(Math.max(...own));
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('weighs the objects by gross floor area, leaves out those where a level does not count, and titles the levels in both languages', () => {
    const q = (id: number): Question => ({ ...blankQuestion(id, `q-${id}`, 'en', id), type: 'SingleChoice', options: [0, 4].map((s, i) => ({ id: id * 10 + i, text: `o${s}`, score: s, order: i, isExclusive: false, translations: [] })) });
    const officeOnly: Question = { ...q(2), assetTypes: ['RESI'] };
    const sections: Section[] = [
      { id: 11, translations: [{ language: 'de', name: 'Energie' }, { language: 'en', name: 'Energy' }], weight: 1, financeWeight: 1, order: 1, questions: [q(1)] },
      { id: 12, translations: [{ language: 'de', name: 'Wohnen' }], weight: 1, financeWeight: 1, order: 2, questions: [officeOnly] },
    ];
    const template = {
      scoredAmbitionLevels: ['A1' as const],
      clusters: [{ id: 1, clusterIdentifier: 'I', weight: 1, financeWeight: 1, isTaxonomyCluster: false, categories: [{ id: 10, translations: [{ language: 'de' as const, name: 'Betrieb' }], order: 1, sections }] }],
    };
    const full = score(template, OFFICE, [{ questionId: 1, inputAnswer: null, multipleChoiceOption: [11] }], NO_DATA);
    const none = score(template, { ...OFFICE, area: 3000 }, [{ questionId: 1, inputAnswer: null, multipleChoiceOption: [10] }], NO_DATA);
    const structure = groupStructure(template, [{ area: 1000, result: full }, { area: 3000, result: none }]);
    const cluster = structure.clusters[0]!;
    expect(cluster).toMatchObject({ id: 1, clusterIdentifier: 'I', title: { de: 'I Governance', en: 'I Governance' }, ratio: 0.25, classification: 'Negative' });
    expect(cluster.categories[0]).toMatchObject({ id: 10, title: { de: 'Betrieb', en: 'Betrieb' }, ratio: 0.25 });
    expect(cluster.categories[0]!.sections.map((s) => [s.title, s.ratio, s.classification])).toEqual([
      [{ de: 'Energie', en: 'Energy' }, 0.25, 'Negative'],
      // A section that applies to no object (residential questions for offices) counts nowhere: no ratio, Neutral.
      [{ de: 'Wohnen', en: 'Wohnen' }, null, 'Neutral'],
    ]);
  });
});
