// Which questions an object answers (DOMAIN.md §5): asset classes and scored ambition levels decide.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankQuestion } from '../questionnaires/editing.ts';
import { allQuestions, AMBITION_LEVELS, ASSET_CLASSES, type AmbitionLevel, type AssetClass } from '../questionnaires/template.ts';
import { answerStructure } from './arbitraries/answering.ts';
import { answerableQuestions, applicableTemplate, findQuestion, questionApplies } from './applicability.ts';

const classes = () => fc.subarray([...ASSET_CLASSES], { minLength: 1, maxLength: 3 });
const levels = () => fc.subarray([...AMBITION_LEVELS]);

describe('which questions apply to an object', () => {
  it.each<[string, AssetClass[], AmbitionLevel, AssetClass[], AmbitionLevel[], boolean]>([
    ['a question for every class', [], 'A1', ['OFF'], ['A1'], true],
    ['an office question for an office', ['OFF'], 'A1', ['OFF'], ['A1'], true],
    ['an office question for a hotel', ['OFF'], 'A1', ['HOT'], ['A1'], false],
    ['an office or hotel question for a mixed office and residential object', ['OFF', 'HOT'], 'A1', ['OFF', 'RESI'], ['A1'], true],
    ['an A2 question where only A1 is scored', [], 'A2', ['OFF'], ['A1'], false],
    ['an A2 question where A1 and A2 are scored', [], 'A2', ['OFF'], ['A1', 'A2'], true],
    ['an A1 question where the template names no level (A1 by default)', [], 'A1', ['OFF'], [], true],
    ['an A3 question where the template names no level', [], 'A3', ['OFF'], [], false],
  ])('%s', (_, assetTypes, ambitionLevel, objectClasses, scored, expected) => {
    expect(questionApplies({ ...blankQuestion(1, 'q', 'en', 1), assetTypes, ambitionLevel }, objectClasses, scored)).toBe(expected);
  });

  it('a question applies exactly when it names no class or shares one, and its level is scored', () => {
    fc.assert(
      fc.property(fc.subarray([...ASSET_CLASSES]), fc.constantFrom(...AMBITION_LEVELS), classes(), levels(), (assetTypes, ambitionLevel, objectClasses, scored) => {
        const classFits = assetTypes.length === 0 || assetTypes.some((c) => objectClasses.includes(c));
        const levelFits = (scored.length === 0 ? ['A1'] : scored).includes(ambitionLevel);
        expect(questionApplies({ assetTypes, ambitionLevel }, objectClasses, scored)).toBe(classFits && levelFits);
      }),
    );
  });

  it('the applicable structure holds exactly the questions that apply, in the same order', () => {
    fc.assert(
      fc.property(answerStructure(), classes(), levels(), (structure, objectClasses, scored) => {
        const applicable = applicableTemplate(structure, objectClasses, scored);
        expect(allQuestions(applicable)).toEqual(allQuestions(structure).filter((q) => questionApplies(q, objectClasses, scored)));
      }),
    );
  });

  it('keeps every cluster, and drops sections and categories left empty', () => {
    fc.assert(
      fc.property(answerStructure(), classes(), levels(), (structure, objectClasses, scored) => {
        const applicable = applicableTemplate(structure, objectClasses, scored);
        expect(applicable.clusters.map((c) => c.id)).toEqual(structure.clusters.map((c) => c.id));
        for (const cluster of applicable.clusters) {
          for (const category of cluster.categories) {
            expect(category.sections.length).toBeGreaterThan(0);
            for (const section of category.sections) expect(section.questions.length).toBeGreaterThan(0);
          }
        }
      }),
    );
  });

  it('keeps the other fields of the template', () => {
    const template = { title: 'ECORE', version: '2025_01', clusters: [] };
    expect(applicableTemplate(template, ['OFF'], ['A1'])).toEqual(template);
  });

  it('virtual questions are never among those answered by hand', () => {
    fc.assert(
      fc.property(answerStructure(), (structure) => {
        const answerable = answerableQuestions(structure);
        expect(answerable.every((q) => q.type !== 'VirtualQuestion')).toBe(true);
        expect(answerable.length).toBe(allQuestions(structure).filter((q) => q.type !== 'VirtualQuestion').length);
      }),
    );
  });

  it('finds a question of the structure by its id, and nothing for another id', () => {
    fc.assert(
      fc.property(answerStructure(), (structure) => {
        for (const q of allQuestions(structure)) expect(findQuestion(structure, q.id!)).toBe(q);
        expect(findQuestion(structure, 1)).toBeUndefined();
      }),
    );
  });
});
