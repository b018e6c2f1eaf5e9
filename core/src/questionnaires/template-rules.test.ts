import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { consistentTemplateStates, templateContent, templateStates } from './arbitraries/templates.ts';
import {
  activationChanges,
  activationProblems,
  applyStateChanges,
  duplicateContent,
  mayCreateDraft,
  mayManageTemplates,
  mayReadTemplate,
  newTemplateContent,
  splitWeights,
  clusterWeightsAddUp,
} from './template-rules.ts';
import { ALL_ROLES, Role, roleName } from '../identity/roles.ts';
import { allQuestions, maxScoreOf, QUESTIONNAIRE_TYPES, toRoman } from './template.ts';
import { blankOption, blankQuestion } from './editing.ts';
import { describeActivationProblems } from './messages.ts';

describe('cluster weights', () => {
  it('integer split of 100 over n clusters sums to 100 and differs by at most 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (n) => {
        const parts = splitWeights(n);
        expect(parts).toHaveLength(n);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(100);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        for (const p of parts) expect(Number.isInteger(p)).toBe(true);
      }),
    );
  });

  it('splits 100 over four clusters into 25 each', () => {
    expect(splitWeights(4)).toEqual([25, 25, 25, 25]);
    expect(splitWeights(3)).toEqual([34, 33, 33]);
  });
});

describe('a new template', () => {
  it('has the four clusters I to IV, Governance to Taxonomy check, whose weights split 100', () => {
    const content = newTemplateContent({ title: 'ECORE', version: '2026_01', type: 'Ecore' });
    expect(content.clusters.map((c) => c.clusterIdentifier)).toEqual(['I', 'II', 'III', 'IV']);
    expect(content.clusters.map((c) => c.weight)).toEqual([25, 25, 25, 25]);
    expect(content.clusters.map((c) => c.isTaxonomyCluster)).toEqual([false, false, false, true]);
    expect(content.clusters.every((c) => c.id === null && c.categories.length === 0)).toBe(true);
  });
});

describe('duplicating', () => {
  it('a duplicate always has four clusters', () => {
    fc.assert(
      fc.property(templateContent(), (source) => {
        const copy = duplicateContent(source);
        expect(copy.clusters).toHaveLength(4);
        // The source's clusters come first, unchanged in weight; padding clusters weigh 0.
        source.clusters.forEach((c, i) => {
          expect(copy.clusters[i]!.weight).toBe(c.weight);
        });
        for (const padded of copy.clusters.slice(source.clusters.length)) {
          expect(padded.weight).toBe(0);
          expect(padded.categories).toEqual([]);
        }
      }),
    );
  });

  it('a duplicate carries every question of the source and no stored id', () => {
    fc.assert(
      fc.property(templateContent(), (source) => {
        const copy = duplicateContent(source, { version: '2030_01' });
        expect(allQuestions(copy).map((q) => q.staticTitle)).toEqual(allQuestions(source).map((q) => q.staticTitle));
        expect(allQuestions(copy).every((q) => q.id === null && q.options.every((o) => o.id === null))).toBe(true);
        expect(copy.clusters.every((c) => c.id === null && c.categories.every((cat) => cat.id === null))).toBe(true);
        expect(copy.version).toBe('2030_01');
      }),
    );
  });

  it('keeps the link of a virtual question to its parent by static title', () => {
    const source = newTemplateContent({ title: 'T', version: '2025_01', type: 'Ecore' });
    const parent = { ...blankQuestion(10, 'energy', 'de', 1), type: 'ValueQuestion' as const };
    const child = { ...blankQuestion(11, 'energy-dw', 'de', 2), type: 'VirtualQuestion' as const, parentQuestionId: 10 };
    source.clusters[1]!.categories.push({ id: 1, order: 1, translations: [], sections: [{ id: 2, order: 1, translations: [], weight: 1, financeWeight: 1, questions: [parent, child] }] });
    const copied = allQuestions(duplicateContent(source)).find((q) => q.staticTitle === 'energy-dw')!;
    expect(copied).toMatchObject({ parentQuestionId: null, parentStaticTitle: 'energy' });
  });
});

describe('the one-draft rule (spec 02 §4: one draft at a time)', () => {
  it('the specification’s examples', () => {
    expect(mayCreateDraft([])).toBe(true);
    expect(mayCreateDraft([{ state: 'Active' }, { state: 'Archived' }])).toBe(true);
    expect(mayCreateDraft([{ state: 'Active' }, { state: 'Draft' }])).toBe(false);
    expect(mayCreateDraft([{ state: 'Draft' }])).toBe(false);
  });

  it('one more draft in any list forbids a new one; taking every draft away allows it again', () => {
    fc.assert(
      fc.property(templateStates(), (templates) => {
        expect(mayCreateDraft([...templates, { state: 'Draft' }])).toBe(false);
        expect(mayCreateDraft(templates.filter((t) => t.state === 'Active' || t.state === 'Archived'))).toBe(true);
      }),
    );
  });
});

describe('activation', () => {
  it('activation archives exactly the previously active template of the same type', () => {
    fc.assert(
      fc.property(consistentTemplateStates(), (templates) => {
        const draft = templates.find((t) => t.state === 'Draft');
        fc.pre(draft !== undefined);
        const changes = activationChanges(templates, draft!.id)!;
        const after = applyStateChanges(templates, changes);
        const previous = templates.filter((t) => t.state === 'Active' && t.type === draft!.type);
        expect(previous.length).toBeLessThanOrEqual(1);
        for (const [i, before] of templates.entries()) {
          const now = after[i]!;
          if (before.id === draft!.id) expect(now.state).toBe('Active');
          else if (previous.some((p) => p.id === before.id)) expect(now.state).toBe('Archived');
          else expect(now.state).toBe(before.state);
        }
        // Still at most one active template per type, and no draft left.
        for (const type of QUESTIONNAIRE_TYPES) expect(after.filter((t) => t.type === type && t.state === 'Active').length).toBeLessThanOrEqual(1);
        expect(after.some((t) => t.state === 'Draft')).toBe(false);
      }),
    );
  });

  it('activates only drafts', () => {
    fc.assert(
      fc.property(templateStates(), fc.integer({ min: 1, max: 500 }), (templates, id) => {
        const target = templates.find((t) => t.id === id);
        const changes = activationChanges(templates, id);
        if (target?.state === 'Draft') expect(changes).not.toBeNull();
        else expect(changes).toBeNull();
      }),
    );
  });

  it('names what is wrong with an invalid template and accepts a complete one', () => {
    const content = newTemplateContent({ title: 'T', version: '2025_01', type: 'Ecore' });
    const empty = activationProblems({ ...content, state: 'Draft' });
    expect(empty.map((p) => p.code)).toEqual(['noQuestions']);

    const value = { ...blankQuestion(1, 'energy', 'de', 1), type: 'ValueQuestion' as const, kpiKey: null };
    value.translations.push({ language: 'en', title: 'Energy', description: '', clarification: '' });
    const choice = { ...blankQuestion(2, 'policy', 'de', 2), options: [blankOption(3, 1)] };
    const virtual = { ...blankQuestion(4, 'dw', 'de', 3), type: 'VirtualQuestion' as const, virtualQuestionType: 'DW' as const, parentQuestionId: 2 };
    content.clusters[0]!.weight = 30;
    content.clusters[0]!.categories.push({
      id: 5, order: 1, translations: [{ language: 'de', name: 'Kat' }, { language: 'en', name: 'Cat' }],
      sections: [{ id: 6, order: 1, weight: 1, financeWeight: 1, translations: [{ language: 'de', name: 'Ab' }, { language: 'en', name: 'Sec' }], questions: [value, choice, virtual] }],
    });
    const problems = activationProblems({ ...content, state: 'Draft' });
    expect(problems.map((p) => p.code).sort()).toEqual(
      ['clusterWeights', 'valueKpi', 'missingTitleTranslation', 'tooFewOptions', 'missingTitleTranslation', 'virtualParent', 'virtualVariator'].sort(),
    );
    expect(describeActivationProblems(problems, 'en')).toContain('the cluster weights add up to 105 instead of 100');
    expect(describeActivationProblems(problems, 'de')).toContain('Wertfrage ohne KPI-Schlüssel (energy)');

    content.clusters[0]!.weight = 25;
    value.kpiKey = 'finalEnergyTotal' as never;
    for (const q of [choice, virtual]) q.translations.push({ language: 'en', title: 'x', description: '', clarification: '' });
    choice.options.push(blankOption(7, 2));
    virtual.parentQuestionId = 1;
    virtual.averageVariator = 0.5 as never;
    expect(activationProblems({ ...content, state: 'Draft' })).toEqual([]);
    expect(activationProblems({ ...content, state: 'Active' }).map((p) => p.code)).toEqual(['notDraft']);
  });
});

describe('scores and numerals', () => {
  it('takes the best option of a single choice and the best sum of a multiple choice, an exclusive option standing alone', () => {
    const opts = [
      { ...blankOption(1, 1), score: 2 },
      { ...blankOption(2, 2), score: 3 },
      { ...blankOption(3, 3), score: 4, isExclusive: true },
    ];
    expect(maxScoreOf({ type: 'SingleChoice', options: opts, virtualMaxScore: null })).toBe(4);
    expect(maxScoreOf({ type: 'MultipleChoice', options: opts, virtualMaxScore: null })).toBe(5);
    expect(maxScoreOf({ type: 'VirtualQuestion', options: [], virtualMaxScore: 6 })).toBe(6);
  });

  it('writes roman numerals from 1 to 3999', () => {
    expect([1, 2, 3, 4, 9, 14, 40, 1994, 3999].map(toRoman)).toEqual(['I', 'II', 'III', 'IV', 'IX', 'XIV', 'XL', 'MCMXCIV', 'MMMCMXCIX']);
  });
});

describe('who manages and reads templates (spec 02 §6)', () => {
  it('the scoring model manager manages them and reads every state; everyone else reads active templates only', () => {
    for (const role of ALL_ROLES) {
      const actor = { roles: [role] };
      expect(mayManageTemplates(actor), roleName(role)).toBe(role === Role.ScoringModelManager);
      expect(mayReadTemplate(actor, { state: 'Active' })).toBe(true);
      expect(mayReadTemplate(actor, { state: 'Draft' })).toBe(role === Role.ScoringModelManager);
      expect(mayReadTemplate(actor, { state: 'Archived' })).toBe(role === Role.ScoringModelManager);
    }
  });
});

describe('cluster weights add up', () => {
  it('to 100 within a rounding error of decimal weights, as activation asks', () => {
    expect(clusterWeightsAddUp([{ weight: 33.3 }, { weight: 33.3 }, { weight: 33.4 }])).toBe(true);
    expect(clusterWeightsAddUp([{ weight: 25 }, { weight: 25 }, { weight: 25 }, { weight: 24.9 }])).toBe(false);
    expect(clusterWeightsAddUp([{ weight: 0.1 + 0.2 }, { weight: 99.7 }])).toBe(true);
  });
});
