// The template rules of spec 02 §4, §8 and DOMAIN.md §8, §9 by example: new templates, duplicates, activation and what stands in its way.
import { describe, expect, it } from 'vitest';
import { blankOption, blankQuestion } from './editing.ts';
import {
  activationChanges,
  activationProblems,
  applyStateChanges,
  duplicateContent,
  emptyCluster,
  isDeletable,
  isEditable,
  newTemplateContent,
  splitWeights,
  structureIdsValid,
  type ActivationProblem,
  type TemplateStateRow,
} from './template-rules.ts';
import type { Question, QuestionnaireState, QuestionTranslation, TemplateContent } from './template.ts';

const bilingual = (title: string): QuestionTranslation[] => [
  { language: 'de', title, description: '', clarification: '' },
  { language: 'en', title, description: '', clarification: '' },
];
const q = (id: number, staticTitle: string, fields: Partial<Question> = {}): Question => ({
  ...blankQuestion(id, staticTitle, 'de', id),
  translations: bilingual(staticTitle),
  ...fields,
});

/**
 * A template that may be activated: four clusters of 25, one category "Führung / Leadership" in cluster I
 * with the section "Strategie / Strategy" holding a value question, its two virtual questions (DW and Year)
 * and two choice questions with two options each.
 */
const complete = (): TemplateContent & { state: QuestionnaireState } => {
  const content = newTemplateContent({ title: 'ECORE', version: '2025_01', type: 'Ecore' });
  const questions = [
    q(1, 'energy', { type: 'ValueQuestion', kpiKey: 'finalEnergyTotal' }),
    q(2, 'policy', { assetTypes: ['OFF', 'HOT'], options: [blankOption(11, 1), blankOption(12, 2)] }),
    q(3, 'energy-dw', { type: 'VirtualQuestion', virtualQuestionType: 'DW', parentQuestionId: 1, averageVariator: 0.3 }),
    q(4, 'energy-year', { type: 'VirtualQuestion', virtualQuestionType: 'Year', parentQuestionId: 1 }),
    q(5, 'measures', { type: 'MultipleChoice', options: [blankOption(13, 1), blankOption(14, 2)] }),
  ];
  content.clusters[0]!.categories.push({
    id: 20, order: 1, translations: [{ language: 'de', name: 'Führung' }, { language: 'en', name: 'Leadership' }],
    sections: [{ id: 21, order: 1, weight: 1, financeWeight: 1, translations: [{ language: 'de', name: 'Strategie' }, { language: 'en', name: 'Strategy' }], questions }],
  });
  return { ...content, state: 'Draft' };
};
type Template = ReturnType<typeof complete>;
const category = (t: Template) => t.clusters[0]!.categories[0]!;
const section = (t: Template) => category(t).sections[0]!;
/** The complete template with one question changed. */
const withQuestion = (staticTitle: string, fields: Partial<Question>): Template => {
  const t = complete();
  section(t).questions = section(t).questions.map((x) => (x.staticTitle === staticTitle ? { ...x, ...fields } : x));
  return t;
};

describe('activation is refused on invalid inputs (spec 02 §4, §8 questionnaire-activate-invalid)', () => {
  it('a complete draft has nothing in the way', () => {
    expect(activationProblems(complete())).toEqual([]);
  });

  it.each<[string, (t: Template) => Template, ActivationProblem[]]>([
    ['an active template', (t) => ({ ...t, state: 'Active' }), [{ code: 'notDraft' }]],
    ['an archived template', (t) => ({ ...t, state: 'Archived' }), [{ code: 'notDraft' }]],
    ['a blank title', (t) => ({ ...t, title: '  ' }), [{ code: 'missingTitle' }]],
    ['a blank version', (t) => ({ ...t, version: ' ' }), [{ code: 'missingVersion' }]],
    ['a fifth cluster', (t) => ({ ...t, clusters: [...t.clusters, emptyCluster(4, 0)] }), [{ code: 'clusterCount' }]],
    ['three clusters', (t) => ({ ...t, clusters: t.clusters.slice(0, 3).map((c, i) => ({ ...c, weight: [34, 33, 33][i]! })) }), [{ code: 'clusterCount' }]],
    ['cluster weights of 99.5', (t) => ({ ...t, clusters: t.clusters.map((c, i) => (i === 3 ? { ...c, weight: 24.5 } : c)) }), [{ code: 'clusterWeights', sum: 99.5 }]],
    ['cluster weights of 100.00001', (t) => ({ ...t, clusters: t.clusters.map((c, i) => (i === 3 ? { ...c, weight: 25.00001 } : c)) }), [{ code: 'clusterWeights', sum: 100.00001 }]],
  ])('%s', (_case, change, expected) => {
    expect(activationProblems(change(complete()))).toEqual(expected);
  });

  it('cluster weights that miss 100 by a rounding error only are accepted', () => {
    const t = complete();
    t.clusters = t.clusters.map((c, i) => (i === 3 ? { ...c, weight: 25 + 1e-9 } : c));
    expect(activationProblems(t)).toEqual([]);
    expect(activationProblems({ ...t, clusters: t.clusters.map((c, i) => ({ ...c, weight: [33.3, 33.3, 33.4, 0][i]! })) })).toEqual([]);
  });

  it('a template without questions, though it has a category and a section', () => {
    const t = complete();
    section(t).questions = [];
    expect(activationProblems(t)).toEqual([{ code: 'noQuestions' }]);
  });

  it.each<[string, (t: Template) => void, ActivationProblem[]]>([
    ['a category without an English name', (t) => { category(t).translations = [{ language: 'de', name: 'Führung' }]; }, [{ code: 'missingName', where: 'I / Führung' }]],
    ['a category with a blank German name', (t) => { category(t).translations = [{ language: 'de', name: ' ' }, { language: 'en', name: 'Leadership' }]; }, [{ code: 'missingName', where: 'I /  ' }]],
    ['a category without a German name is placed without it', (t) => { category(t).translations = [{ language: 'en', name: 'Leadership' }]; }, [{ code: 'missingName', where: 'I / ' }]],
    ['a category without names (named once)', (t) => { category(t).translations = []; }, [{ code: 'missingName', where: 'I / ' }]],
    ['a section without a German name', (t) => { section(t).translations = [{ language: 'en', name: 'Strategy' }]; }, [{ code: 'missingName', where: 'I / Führung / ' }]],
    ['a section with a blank English name', (t) => { section(t).translations = [{ language: 'de', name: 'Strategie' }, { language: 'en', name: '  ' }]; }, [{ code: 'missingName', where: 'I / Führung / Strategie' }]],
    ['a section whose English name is given as German', (t) => { section(t).translations = [{ language: 'de', name: 'Strategie' }, { language: 'de', name: 'Strategy' }]; }, [{ code: 'missingName', where: 'I / Führung / Strategie' }]],
  ])('names: %s', (_case, change, expected) => {
    const t = complete();
    change(t);
    expect(activationProblems(t)).toEqual(expected);
  });

  it('a category in cluster III is placed there', () => {
    const t = complete();
    const moved = category(t);
    t.clusters[0]!.categories = [];
    t.clusters[2]!.categories = [{ ...moved, translations: [{ language: 'de', name: 'Führung' }] }];
    expect(activationProblems(t)).toEqual([{ code: 'missingName', where: 'III / Führung' }]);
  });

  it.each<[string, string, Partial<Question>, ActivationProblem[]]>([
    ['a question title only in German', 'policy', { translations: bilingual('Richtlinie').slice(0, 1) }, [{ code: 'missingTitleTranslation', where: 'policy' }]],
    ['a blank English question title', 'policy', { translations: [bilingual('x')[0]!, { ...bilingual('x')[1]!, title: ' ' }] }, [{ code: 'missingTitleTranslation', where: 'policy' }]],
    ['a question without titles (named once)', 'policy', { translations: [] }, [{ code: 'missingTitleTranslation', where: 'policy' }]],
    ['a single choice with one option', 'policy', { options: [blankOption(11, 1)] }, [{ code: 'tooFewOptions', where: 'policy' }]],
    ['a multiple choice with one option', 'measures', { options: [blankOption(13, 1)] }, [{ code: 'tooFewOptions', where: 'measures' }]],
    ['a value question without KPI key', 'energy', { kpiKey: null }, [{ code: 'valueKpi', where: 'energy' }]],
    ['a virtual question without type', 'energy-dw', { virtualQuestionType: null }, [{ code: 'virtualParent', where: 'energy-dw' }]],
    ['a virtual question whose parent is a choice question', 'energy-dw', { parentQuestionId: 2 }, [{ code: 'virtualParent', where: 'energy-dw' }]],
    ['a virtual question whose parent is not in the template', 'energy-dw', { parentQuestionId: 99 }, [{ code: 'virtualParent', where: 'energy-dw' }]],
    ['a virtual question without parent', 'energy-year', { parentQuestionId: null }, [{ code: 'virtualParent', where: 'energy-year' }]],
    ['a virtual question naming a choice question by static title', 'energy-year', { parentQuestionId: null, parentStaticTitle: 'policy' }, [{ code: 'virtualParent', where: 'energy-year' }]],
    ['a virtual question naming a parent by id and another by title: the id counts', 'energy-year', { parentQuestionId: 2, parentStaticTitle: 'energy' }, [{ code: 'virtualParent', where: 'energy-year' }]],
    ['a DW question without average variator', 'energy-dw', { averageVariator: null }, [{ code: 'virtualVariator', where: 'energy-dw' }]],
    ['a DW question with an average variator of 0', 'energy-dw', { averageVariator: 0 }, [{ code: 'virtualVariator', where: 'energy-dw' }]],
    ['a DK question with an average variator of 0', 'energy-dw', { virtualQuestionType: 'DK', averageVariator: 0 }, [{ code: 'virtualVariator', where: 'energy-dw' }]],
    ['a virtual question without type and without variator', 'energy-year', { virtualQuestionType: null }, [{ code: 'virtualParent', where: 'energy-year' }, { code: 'virtualVariator', where: 'energy-year' }]],
    ['a static title used twice (named once)', 'measures', { staticTitle: 'policy' }, [{ code: 'duplicateStaticTitle', where: 'policy' }]],
  ])('questions: %s', (_case, staticTitle, fields, expected) => {
    expect(activationProblems(withQuestion(staticTitle, fields))).toEqual(expected);
  });

  it.each<[string, string, Partial<Question>]>([
    ['a virtual question naming its new parent by static title', 'energy-dw', { parentQuestionId: null, parentStaticTitle: 'energy' }],
    ['a Year question needs no average variator', 'energy-year', { averageVariator: null }],
    ['a DK question with a small positive variator', 'energy-dw', { virtualQuestionType: 'DK', averageVariator: 0.01 }],
    ['a value question without options', 'energy', { options: [] }],
  ])('accepted: %s', (_case, staticTitle, fields) => {
    expect(activationProblems(withQuestion(staticTitle, fields))).toEqual([]);
  });

  it('names every problem, in the order of the tree', () => {
    const t = withQuestion('policy', { translations: [], options: [] });
    expect(activationProblems({ ...t, title: '', version: '' })).toEqual([
      { code: 'missingTitle' },
      { code: 'missingVersion' },
      { code: 'missingTitleTranslation', where: 'policy' },
      { code: 'tooFewOptions', where: 'policy' },
    ]);
  });
});

describe('the even split of cluster weights (spec 02 §4, §9)', () => {
  it.each([
    [1, 100, [100]],
    [2, 100, [50, 50]],
    [3, 100, [34, 33, 33]],
    [6, 100, [17, 17, 17, 17, 16, 16]],
    [3, 10, [4, 3, 3]],
    [4, 0, [0, 0, 0, 0]],
  ])('%i parts of %i', (n, total, parts) => {
    expect(splitWeights(n, total)).toEqual(parts);
  });

  it('no parts for 0, a negative or a broken count', () => {
    expect([0, -1, 1.5].map((n) => splitWeights(n))).toEqual([[], [], []]);
  });
});

describe('a created template (spec 02 §4: "starts Draft; clusters split weight 100 evenly")', () => {
  it('four empty clusters I to IV of 25, ECORE and finance weight alike, IV the taxonomy cluster; taxonomy compliant, A1 scored', () => {
    expect(newTemplateContent({ title: 'ECORE', version: '2026_01', type: 'Finance' })).toEqual({
      title: 'ECORE', version: '2026_01', type: 'Finance', taxonomyCompliance: true, scoredAmbitionLevels: ['A1'],
      clusters: [
        { id: null, clusterIdentifier: 'I', weight: 25, financeWeight: 25, isTaxonomyCluster: false, categories: [] },
        { id: null, clusterIdentifier: 'II', weight: 25, financeWeight: 25, isTaxonomyCluster: false, categories: [] },
        { id: null, clusterIdentifier: 'III', weight: 25, financeWeight: 25, isTaxonomyCluster: false, categories: [] },
        { id: null, clusterIdentifier: 'IV', weight: 25, financeWeight: 25, isTaxonomyCluster: true, categories: [] },
      ],
    });
  });

  it('a cluster beyond the fourth is numbered on in roman numerals and is no taxonomy cluster', () => {
    expect(emptyCluster(5, 0)).toEqual({ id: null, clusterIdentifier: 'VI', weight: 0, financeWeight: 0, isTaxonomyCluster: false, categories: [] });
  });
});

describe('duplicating (spec 02 §4: "pads with empty clusters (weight 0) up to 4")', () => {
  /** The complete template cut to clusters I and II of 50 each, with stored ids and the maxScore the API shows. */
  const source = (): TemplateContent => {
    const { state: _state, ...content } = complete();
    const [first, second] = content.clusters;
    const questions = first!.categories[0]!.sections[0]!.questions.map((x) => ({ ...x, maxScore: 2 }));
    first!.categories[0]!.sections[0]!.questions = questions;
    return { ...content, clusters: [{ ...first!, id: 30, weight: 50 }, { ...second!, id: 31, weight: 50 }] };
  };

  it('copies every item without ids and without maxScore, pads clusters III and IV and keeps the rest', () => {
    const copy = duplicateContent(source(), { title: 'ECORE 2026', version: '2026_01' });
    expect(copy).toMatchObject({ title: 'ECORE 2026', version: '2026_01', type: 'Ecore', taxonomyCompliance: true, scoredAmbitionLevels: ['A1'] });
    expect(copy.clusters.map((c) => [c.id, c.clusterIdentifier, c.weight, c.financeWeight, c.isTaxonomyCluster, c.categories.length])).toEqual([
      [null, 'I', 50, 25, false, 1],
      [null, 'II', 50, 25, false, 0],
      [null, 'III', 0, 0, false, 0],
      [null, 'IV', 0, 0, true, 0],
    ]);
    const cat = copy.clusters[0]!.categories[0]!;
    expect(cat).toMatchObject({ id: null, order: 1, translations: [{ language: 'de', name: 'Führung' }, { language: 'en', name: 'Leadership' }] });
    expect(cat.sections[0]).toMatchObject({ id: null, weight: 1, financeWeight: 1, translations: [{ language: 'de', name: 'Strategie' }, { language: 'en', name: 'Strategy' }] });
    const questions = cat.sections[0]!.questions;
    expect(questions.map((x) => [x.id, x.staticTitle, x.parentQuestionId, x.parentStaticTitle, 'maxScore' in x])).toEqual([
      [null, 'energy', null, null, false],
      [null, 'policy', null, null, false],
      [null, 'energy-dw', null, 'energy', false],
      [null, 'energy-year', null, 'energy', false],
      [null, 'measures', null, null, false],
    ]);
    expect(questions[1]!.options).toEqual([
      { ...blankOption(11, 1), id: null },
      { ...blankOption(12, 2), id: null },
    ]);
    expect(questions[0]).toMatchObject({ translations: bilingual('energy'), assetTypes: [], kpiKey: 'finalEnergyTotal', type: 'ValueQuestion' });
    expect(questions[1]).toMatchObject({ translations: bilingual('policy'), assetTypes: ['OFF', 'HOT'] });
  });

  it('the copy may still be activated once its weights are set, and leaves the source as it was', () => {
    const original = source();
    const before = structuredClone(original);
    const copy = duplicateContent(original);
    expect(original).toEqual(before);
    expect(activationProblems({ ...copy, state: 'Draft', clusters: copy.clusters.map((c) => ({ ...c, weight: 25 })) })).toEqual([]);
  });

  it('a template of four clusters or more is not padded', () => {
    expect(duplicateContent(complete()).clusters.map((c) => c.weight)).toEqual([25, 25, 25, 25]);
  });

  it('a question of the source that has no id yet is nobody\'s parent in the copy', () => {
    const t = withQuestion('measures', { id: null });
    const copied = duplicateContent(t).clusters[0]!.categories[0]!.sections[0]!.questions;
    expect(copied.map((x) => x.parentStaticTitle)).toEqual([null, null, 'energy', 'energy', null]);
  });

  it('a parent that is not in the source leaves the copy without parent', () => {
    const t = withQuestion('energy-dw', { parentQuestionId: 99 });
    const copied = duplicateContent(t).clusters[0]!.categories[0]!.sections[0]!.questions[2]!;
    expect(copied).toMatchObject({ parentQuestionId: null, parentStaticTitle: null });
  });
});

describe('activating (spec 02 §4, DOMAIN.md §8: the previously active template of the same type becomes Archived)', () => {
  const templates: TemplateStateRow[] = [
    { id: 1, state: 'Archived', type: 'Ecore' },
    { id: 2, state: 'Active', type: 'Ecore' },
    { id: 3, state: 'Active', type: 'Finance' },
    { id: 4, state: 'Draft', type: 'Ecore' },
  ];

  it('the draft becomes Active and the active Ecore template Archived; the Finance template stays', () => {
    const changes = activationChanges(templates, 4);
    expect(changes).toEqual([
      { id: 4, from: 'Draft', to: 'Active' },
      { id: 2, from: 'Active', to: 'Archived' },
    ]);
    expect(applyStateChanges(templates, changes!)).toEqual([
      { id: 1, state: 'Archived', type: 'Ecore' },
      { id: 2, state: 'Archived', type: 'Ecore' },
      { id: 3, state: 'Active', type: 'Finance' },
      { id: 4, state: 'Active', type: 'Ecore' },
    ]);
  });

  it('the first template of a type archives nothing', () => {
    const first = templates.map((t) => (t.id === 4 ? { ...t, type: 'StockAndCircularEconomy' as const } : t));
    expect(activationChanges(first, 4)).toEqual([{ id: 4, from: 'Draft', to: 'Active' }]);
  });

  it('an active, an archived or an unknown template cannot be activated', () => {
    expect([2, 1, 99].map((id) => activationChanges(templates, id))).toEqual([null, null, null]);
  });
});

describe('what may be done with a template in each state', () => {
  it.each([
    ['Draft', true, true],
    ['Active', false, false],
    ['Archived', false, false],
  ] as const)('%s: editable %s, deletable %s', (state, editable, deletable) => {
    expect(isEditable(state)).toBe(editable);
    expect(isDeletable(state)).toBe(deletable);
  });
});

describe('a saved tree refers only to its own items (issue 9)', () => {
  const known = { clusters: new Set([30]), categories: new Set([20]), sections: new Set([21]), questions: new Set([1, 2, 3, 4, 5]), options: new Set([11, 12, 13, 14]) };
  const tree = (): Template => {
    const t = complete();
    t.clusters[0]!.id = 30;
    return t;
  };

  it('accepts stored ids of the template, new items without id or with a temporary negative id', () => {
    expect(structureIdsValid(tree(), known)).toBe(true);
    const t = tree();
    section(t).questions.push(q(-1, 'new', { options: [blankOption(-2, 1), { ...blankOption(1, 2), id: null }] }));
    category(t).sections.push({ ...section(t), id: null, questions: [] });
    expect(structureIdsValid(t, known)).toBe(true);
  });

  it.each<[string, (t: Template) => void]>([
    ['a cluster of another template', (t) => { t.clusters[1]!.id = 77; }],
    ['a category of another template', (t) => { category(t).id = 77; }],
    ['a section of another template', (t) => { section(t).id = 77; }],
    ['a question of another template', (t) => { section(t).questions[0]!.id = 77; }],
    ['an option of another template', (t) => { section(t).questions[1]!.options[0]!.id = 77; }],
    ['a parent question that is not in the tree', (t) => { section(t).questions[2]!.parentQuestionId = 99; }],
  ])('refuses %s', (_case, change) => {
    const t = tree();
    change(t);
    expect(structureIdsValid(t, known)).toBe(false);
  });
});
