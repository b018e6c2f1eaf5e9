// The template's vocabulary (spec 02 §3, §9; DOMAIN.md §5): states, types, classes, KPI keys, names per language, maxima and numerals.
import { describe, expect, it } from 'vitest';
import { blankOption, blankQuestion } from './editing.ts';
import {
  allQuestions,
  givenTemplateTitle,
  templateTitleIn,
  withTemplateTitle,
  AMBITION_LEVELS,
  ASSET_CLASSES,
  CLUSTER_COUNT,
  CLUSTER_IDENTIFIERS,
  CLUSTER_KINDS,
  KPI_KEY_LIST,
  KPI_KEYS,
  maxScoreOf,
  nameIn,
  OBJECT_CATEGORIES,
  optionTextIn,
  QUESTION_TYPES,
  QUESTIONNAIRE_STATES,
  QUESTIONNAIRE_TYPES,
  questionTitleIn,
  SCORE_TYPES,
  toRoman,
  VIRTUAL_QUESTION_TYPES,
  type QuestionOption,
} from './template.ts';
import { newTemplateContent } from './template-rules.ts';

describe('the vocabulary of spec 02 §3', () => {
  it('templates are Draft, Active or Archived', () => {
    expect(QUESTIONNAIRE_STATES).toEqual(['Draft', 'Active', 'Archived']);
  });

  it('13 types: Ecore, Finance and 11 object categories', () => {
    expect(OBJECT_CATEGORIES).toHaveLength(11);
    expect(QUESTIONNAIRE_TYPES).toHaveLength(13);
    expect(QUESTIONNAIRE_TYPES.slice(0, 2)).toEqual(['Ecore', 'Finance']);
    expect(QUESTIONNAIRE_TYPES.slice(2)).toEqual(OBJECT_CATEGORIES);
    for (const category of OBJECT_CATEGORIES) expect(category).toMatch(/^(Stock|Renovation|NewConstruction|ProjectDevelopment)And(ClimateProtection|ClimateChangeAdaption|CircularEconomy)$/);
  });

  it('question types, virtual question types, score types and ambition levels', () => {
    expect(QUESTION_TYPES).toEqual(['SingleChoice', 'MultipleChoice', 'ValueQuestion', 'VirtualQuestion']);
    expect(VIRTUAL_QUESTION_TYPES).toEqual(['DK', 'DW', 'Year']);
    expect(SCORE_TYPES).toEqual(['Ecore', 'Finance']);
    expect(AMBITION_LEVELS).toEqual(['A1', 'A2', 'A3']);
  });

  it('four clusters I to IV: Governance, Consumption and emissions, Asset check, Taxonomy check', () => {
    expect(CLUSTER_COUNT).toBe(4);
    expect(CLUSTER_IDENTIFIERS).toEqual(['I', 'II', 'III', 'IV']);
    expect(CLUSTER_KINDS).toEqual(['Governance', 'ConsumptionAndEmissions', 'AssetCheck', 'TaxonomyCheck']);
  });

  it('the twelve asset classes', () => {
    expect(ASSET_CLASSES).toEqual(['OFF', 'HOT', 'RHS', 'RSM', 'RWB1', 'RWB2', 'DWH', 'HEC1', 'HEC2', 'LEI', 'MIX', 'RESI']);
  });

  it('KPI keys of value questions with their units: energy kWh/m²/a, CO2 kg CO2e/m²/a, water m³/m²/a, waste kg/m²/a', () => {
    const energy = 'kWh/m²/a';
    expect(KPI_KEYS).toEqual({
      finalEnergyTotal: energy, finalEnergyGridElectricity: energy, finalEnergyGas: energy, finalEnergyOil: energy,
      finalEnergyDistrictHeating: energy, finalEnergyDistrictCooling: energy, finalEnergyRenewablesConsumed: energy, finalEnergyRenewablesExported: energy,
      co2: 'kg CO2e/m²/a', water: 'm³/m²/a', waste: 'kg/m²/a',
    });
    expect(KPI_KEY_LIST).toEqual(Object.keys(KPI_KEYS));
  });
});

describe('names in the language of the reader', () => {
  it.each([
    ['the name in the language asked for', [{ language: 'de', name: 'Energie' }, { language: 'en', name: 'Energy' }], 'en', 'Energy'],
    ['German where that language has none', [{ language: 'de', name: 'Energie' }], 'en', 'Energie'],
    ['German where that language is blank', [{ language: 'en', name: '  ' }, { language: 'de', name: 'Energie' }], 'en', 'Energie'],
    ['any other name where German is blank', [{ language: 'de', name: ' ' }, { language: 'en', name: 'Energy' }], 'de', 'Energy'],
    ['nothing where every name is blank', [{ language: 'de', name: '' }, { language: 'en', name: ' ' }], 'de', ''],
    ['nothing without names', [], 'de', ''],
  ] as const)('%s', (_case, translations, language, expected) => {
    expect(nameIn(translations, language)).toBe(expected);
  });

  const question = (translations: { language: 'de' | 'en'; title: string }[]) => ({
    staticTitle: 'energy',
    translations: translations.map((t) => ({ ...t, description: '', clarification: '' })),
  });

  it.each([
    ['the title in the language asked for', [{ language: 'de', title: 'Energie' }, { language: 'en', title: 'Energy' }], 'en', 'Energy'],
    ['the German title where that language has a blank one', [{ language: 'de', title: 'Energie' }, { language: 'en', title: ' ' }], 'en', 'Energie'],
    ['the static title where neither has one', [{ language: 'de', title: ' ' }, { language: 'en', title: 'Energy' }], 'de', 'energy'],
    ['the static title without translations', [], 'en', 'energy'],
  ] as const)('a question: %s', (_case, translations, language, expected) => {
    expect(questionTitleIn(question([...translations]), language)).toBe(expected);
  });

  it('an option: its text in the language asked for, else its own text', () => {
    const option = { text: 'yes', translations: [{ language: 'de' as const, text: 'ja' }, { language: 'en' as const, text: ' ' }] };
    expect(optionTextIn(option, 'de')).toBe('ja');
    expect(optionTextIn(option, 'en')).toBe('yes');
  });
});

describe('the best score a valid answer can reach (DOMAIN.md §5)', () => {
  const options = (...scores: [number, boolean?][]): QuestionOption[] => scores.map(([score, isExclusive = false], i) => ({ ...blankOption(i + 1, i + 1), score, isExclusive }));

  it.each([
    ['single choice: the best option', 'SingleChoice', options([1], [4], [2]), 4],
    ['single choice: 0 when every option costs points', 'SingleChoice', options([-2], [-1]), 0],
    ['single choice without options: 0', 'SingleChoice', [], 0],
    ['multiple choice: the sum of the options that gain points', 'MultipleChoice', options([2], [3], [-1]), 5],
    ['multiple choice: an exclusive option stands alone when it is better', 'MultipleChoice', options([1], [1], [5, true]), 5],
    ['multiple choice: the sum when it beats the exclusive option', 'MultipleChoice', options([2], [3], [4, true]), 5],
    ['multiple choice: 0 when every option costs points', 'MultipleChoice', options([-1], [-3, true]), 0],
    ['a value question has no points of its own', 'ValueQuestion', options([7]), 0],
  ] as const)('%s', (_case, type, opts, expected) => {
    expect(maxScoreOf({ type, options: [...opts], virtualMaxScore: 9 })).toBe(expected);
  });

  it('a virtual question reaches its virtual maximum, 0 when none is set', () => {
    expect(maxScoreOf({ type: 'VirtualQuestion', options: [], virtualMaxScore: 6 })).toBe(6);
    expect(maxScoreOf({ type: 'VirtualQuestion', options: [], virtualMaxScore: null })).toBe(0);
  });
});

describe('roman numerals for cluster numbers (spec 02 §5: 1 to 3999)', () => {
  it.each([
    [5, 'V'], [6, 'VI'], [8, 'VIII'], [10, 'X'], [39, 'XXXIX'], [50, 'L'], [90, 'XC'], [100, 'C'], [400, 'CD'], [500, 'D'], [900, 'CM'],
    [1000, 'M'], [2024, 'MMXXIV'], [3888, 'MMMDCCCLXXXVIII'],
  ])('%i is %s', (n, numeral) => {
    expect(toRoman(n)).toBe(numeral);
  });

  it('numbers outside 1 to 3999 and fractions stay digits', () => {
    expect([0, -1, 4000, 1.5].map(toRoman)).toEqual(['0', '-1', '4000', '1.5']);
  });
});

describe('every question of a template', () => {
  it('in tree order: cluster, category, section, question', () => {
    const content = newTemplateContent({ title: 'T', version: '2025_01', type: 'Ecore' });
    const q = (id: number) => blankQuestion(id, `q${id}`, 'de', id);
    content.clusters[2]!.categories.push({ id: 1, order: 1, translations: [], sections: [{ id: 2, order: 1, weight: 1, financeWeight: 1, translations: [], questions: [q(5)] }] });
    content.clusters[0]!.categories.push(
      { id: 3, order: 1, translations: [], sections: [{ id: 4, order: 1, weight: 1, financeWeight: 1, translations: [], questions: [q(1), q(2)] }] },
      { id: 6, order: 2, translations: [], sections: [{ id: 7, order: 1, weight: 1, financeWeight: 1, translations: [], questions: [] }, { id: 8, order: 2, weight: 1, financeWeight: 1, translations: [], questions: [q(3)] }] },
    );
    expect(allQuestions(content).map((x) => x.staticTitle)).toEqual(['q1', 'q2', 'q3', 'q5']);
  });
});

describe("a template's title in both languages", () => {
  const template = { title: 'ECORE Fragebogen 2025', translations: [{ language: 'de' as const, title: 'ECORE Fragebogen 2025' }, { language: 'en' as const, title: 'ECORE Questionnaire 2025' }] };

  it('reads in the language asked for, else German, else the stored title', () => {
    expect(templateTitleIn(template, 'en')).toBe('ECORE Questionnaire 2025');
    expect(templateTitleIn(template, 'de')).toBe('ECORE Fragebogen 2025');
    expect(templateTitleIn({ ...template, translations: [{ language: 'de', title: 'Fragebogen neu' }, { language: 'en', title: '  ' }] }, 'en')).toBe('Fragebogen neu');
    expect(templateTitleIn({ title: 'ECORE Fragebogen 2024' }, 'en')).toBe('ECORE Fragebogen 2024');
    expect(templateTitleIn({ title: 'ECORE Fragebogen 2024', translations: [] }, 'en')).toBe('ECORE Fragebogen 2024');
  });

  it('is edited per language; the German title is the stored title too', () => {
    const english = withTemplateTitle({ title: 'Fragebogen' }, 'en', 'Questionnaire');
    expect(english).toEqual({ title: 'Fragebogen', translations: [{ language: 'de', title: 'Fragebogen' }, { language: 'en', title: 'Questionnaire' }] });
    const german = withTemplateTitle(english, 'de', 'Fragebogen 2026');
    expect(german).toEqual({ title: 'Fragebogen 2026', translations: [{ language: 'de', title: 'Fragebogen 2026' }, { language: 'en', title: 'Questionnaire' }] });
    expect(givenTemplateTitle(german, 'en')).toBe('Questionnaire');
    expect(givenTemplateTitle({ title: 'Fragebogen' }, 'en')).toBe('');
    expect(givenTemplateTitle({ title: 'Fragebogen' }, 'de')).toBe('Fragebogen');
  });
});
