// The template payloads of spec 02 §3, §7 and §9 with their message keys and limits (issue 10: every rule of the schema is checked).
import { describe, expect, it } from 'vitest';
import {
  createTemplateBodySchema,
  editTemplateBodySchema,
  EXPORT_FORMATS,
  exportQuerySchema,
  lockedStatusSchema,
  lockQuerySchema,
  templateListQuerySchema,
  templateResponseSchema,
  templateSummarySchema,
  VERSION_PATTERN,
  versionSchema,
} from './schemas.ts';

/** The message keys per field path of a refused payload. */
const keys = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
};

const option = { id: null, text: 'Ja', score: 2, order: 1, translations: [{ language: 'de', text: 'Ja' }] };
const question = { id: null, staticTitle: ' energy ', type: 'ValueQuestion', translations: [], order: 1 };
const section = { id: null, translations: [{ language: 'de', name: 'Strom' }], weight: 100, financeWeight: 0, order: 1, questions: [question] };
const category = { id: 3, translations: [{ language: 'en', name: 'Energy' }], order: 1, sections: [section] };
const cluster = { id: null, clusterIdentifier: 'II', weight: 25, financeWeight: 25, categories: [category] };
const edit = { id: 7, revision: 2, title: ' ECORE ', type: 'Ecore', version: '2025_01', clusters: [cluster] };

/** The edit payload with one field of the question (or option) replaced. */
const withQuestion = (fields: Record<string, unknown>) => ({
  ...edit,
  clusters: [{ ...cluster, categories: [{ ...category, sections: [{ ...section, questions: [{ ...question, ...fields }] }] }] }],
});
const questionPath = 'clusters.0.categories.0.sections.0.questions.0';
const withOption = (fields: Record<string, unknown>) => withQuestion({ options: [{ ...option, ...fields }] });
const optionPath = `${questionPath}.options.0`;

describe('the version name (spec 02 §9: "versions named like 2025_01")', () => {
  it('takes four digits, an underscore and two digits, nothing before or after', () => {
    for (const version of ['2025_01', '2023_03', '1999_99']) expect(VERSION_PATTERN.test(version), version).toBe(true);
    for (const version of ['2025-01', '25_01', '2025_1', '2025_011', 'x2025_01', '2025_01x', '20251_01', 'abcd_ef', '2025 01', ''])
      expect(VERSION_PATTERN.test(version), version).toBe(false);
  });

  it('says how to write it, and asks for it when it is empty', () => {
    expect(versionSchema.parse(' 2025_01 ')).toBe('2025_01');
    expect(keys(versionSchema.safeParse('2025-01'))).toEqual({ '': ['questionnaire-version-format'] });
    expect(keys(versionSchema.safeParse('  '))).toEqual({ '': ['validation-required', 'questionnaire-version-format'] });
    expect(keys(versionSchema.safeParse(undefined))).toEqual({ '': ['validation-required'] });
    expect(keys(versionSchema.safeParse('2025_01'.padEnd(21, '1')))).toEqual({ '': ['validation-max-length', 'questionnaire-version-format'] });
  });
});

describe('PUT /api/questionnaire payload (spec 02 §3: the template with clusters, categories, sections, questions, options)', () => {
  it('accepts a template and fills in what the editor may leave out', () => {
    expect(editTemplateBodySchema.parse(withQuestion({ options: [option] }))).toEqual({
      id: 7,
      revision: 2,
      title: 'ECORE',
      type: 'Ecore',
      version: '2025_01',
      taxonomyCompliance: true,
      scoredAmbitionLevels: ['A1'],
      clusters: [
        {
          id: null, clusterIdentifier: 'II', weight: 25, financeWeight: 25, isTaxonomyCluster: false,
          categories: [
            {
              id: 3, translations: [{ language: 'en', name: 'Energy' }], order: 1,
              sections: [
                {
                  id: null, translations: [{ language: 'de', name: 'Strom' }], weight: 100, financeWeight: 0, order: 1,
                  questions: [
                    {
                      id: null, staticTitle: 'energy', type: 'ValueQuestion', translations: [], order: 1,
                      assetTypes: [], clusterType: null, taxonomyRelevant: false, relevantForReview: false, isGreenHouseGas: false,
                      scoreType: 'Ecore', virtualQuestionType: null, averageVariator: null, parentQuestionId: null, basicQuestion: false,
                      averageValue: null, virtualMaxScore: null, ambitionLevel: 'A1', kpiKey: null,
                      options: [{ id: null, text: 'Ja', score: 2, order: 1, isExclusive: false, translations: [{ language: 'de', text: 'Ja' }] }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
  });

  it('a question without options has none', () => {
    expect(editTemplateBodySchema.parse(edit).clusters[0]!.categories[0]!.sections[0]!.questions[0]!.options).toEqual([]);
  });

  it('fills empty texts of translations and options with nothing', () => {
    const parsed = editTemplateBodySchema.parse(withQuestion({
      translations: [{ language: 'en' }],
      options: [{ ...option, text: undefined, translations: [{ language: 'en' }] }],
    }));
    const q = parsed.clusters[0]!.categories[0]!.sections[0]!.questions[0]!;
    expect(q.translations).toEqual([{ language: 'en', title: '', description: '', clarification: '' }]);
    expect(q.options[0]).toMatchObject({ text: '', translations: [{ language: 'en', text: '' }] });
    const name = editTemplateBodySchema.parse({ ...edit, clusters: [{ ...cluster, categories: [{ ...category, translations: [{ language: 'de' }] }] }] });
    expect(name.clusters[0]!.categories[0]!.translations).toEqual([{ language: 'de', name: '' }]);
  });

  it('keeps every flag and value the editor sets', () => {
    const set = {
      assetTypes: ['OFF', 'RESI'], clusterType: 'TaxonomyCheck', taxonomyRelevant: true, relevantForReview: true, isGreenHouseGas: true,
      scoreType: 'Finance', virtualQuestionType: 'DW', averageVariator: 0.3, parentQuestionId: 4, parentStaticTitle: 'energy', basicQuestion: true,
      averageValue: -12.5, virtualMaxScore: 10, ambitionLevel: 'A3', kpiKey: 'co2', maxScore: 10, type: 'VirtualQuestion',
    };
    const parsed = editTemplateBodySchema.parse({ ...withQuestion(set), taxonomyCompliance: false, scoredAmbitionLevels: ['A1', 'A2', 'A3'] });
    expect(parsed.clusters[0]!.categories[0]!.sections[0]!.questions[0]).toMatchObject(set);
    expect(parsed).toMatchObject({ taxonomyCompliance: false, scoredAmbitionLevels: ['A1', 'A2', 'A3'] });
    expect(editTemplateBodySchema.parse({ ...edit, clusters: [{ ...cluster, isTaxonomyCluster: true }] }).clusters[0]!.isTaxonomyCluster).toBe(true);
    expect(editTemplateBodySchema.parse(withOption({ isExclusive: true })).clusters[0]!.categories[0]!.sections[0]!.questions[0]!.options[0]!.isExclusive).toBe(true);
  });

  it('asks for id, title, type and version with "Please fill out this field"', () => {
    expect(keys(editTemplateBodySchema.safeParse({ revision: 0, clusters: [] }))).toEqual({
      id: ['validation-required'], title: ['validation-required'], type: ['validation-required'], version: ['validation-required'],
    });
    expect(keys(editTemplateBodySchema.safeParse({ ...edit, title: '   ' }))).toEqual({ title: ['validation-required'] });
    expect(keys(editTemplateBodySchema.safeParse({ ...edit, type: 'Gold' }))).toEqual({ type: ['validation-required'] });
    expect(keys(editTemplateBodySchema.safeParse({ ...edit, title: 'x'.repeat(201) }))).toEqual({ title: ['validation-max-length'] });
    expect(editTemplateBodySchema.safeParse({ ...edit, title: 'x'.repeat(200) }).success).toBe(true);
    expect(editTemplateBodySchema.safeParse({ ...edit, revision: -1 }).success).toBe(false);
    expect(editTemplateBodySchema.safeParse({ ...edit, revision: 0 }).success).toBe(true);
  });

  it('takes each of the 13 questionnaire types of spec 02 §3', () => {
    const types = ['Ecore', 'Finance', 'StockAndClimateProtection', 'StockAndClimateChangeAdaption', 'StockAndCircularEconomy',
      'RenovationAndClimateProtection', 'RenovationAndClimateChangeAdaption', 'RenovationAndCircularEconomy', 'NewConstructionAndClimateProtection',
      'NewConstructionAndClimateChangeAdaption', 'NewConstructionAndCircularEconomy', 'ProjectDevelopmentAndClimateProtection', 'ProjectDevelopmentAndCircularEconomy'];
    for (const type of types) expect(editTemplateBodySchema.safeParse({ ...edit, type }).success, type).toBe(true);
  });

  it('holds at most the four clusters I to IV, and at least one scored ambition level of the three', () => {
    expect(editTemplateBodySchema.safeParse({ ...edit, clusters: [cluster, cluster, cluster, cluster] }).success).toBe(true);
    expect(editTemplateBodySchema.safeParse({ ...edit, clusters: [cluster, cluster, cluster, cluster, cluster] }).success).toBe(false);
    expect(editTemplateBodySchema.safeParse({ ...edit, scoredAmbitionLevels: [] }).success).toBe(false);
    expect(editTemplateBodySchema.safeParse({ ...edit, scoredAmbitionLevels: ['A1', 'A2', 'A3', 'A1'] }).success).toBe(false);
    expect(editTemplateBodySchema.safeParse({ ...edit, scoredAmbitionLevels: ['A4'] }).success).toBe(false);
    expect(editTemplateBodySchema.safeParse({ ...edit, clusters: [{ ...cluster, clusterIdentifier: 'x'.repeat(11) }] }).success).toBe(false);
    expect(editTemplateBodySchema.safeParse({ ...edit, clusters: [{ ...cluster, clusterIdentifier: 'x'.repeat(10) }] }).success).toBe(true);
  });

  it('weights are numbers from 0 to 100, for clusters and sections, ECORE and finance alike', () => {
    for (const weight of [0, 100, 33.5]) expect(editTemplateBodySchema.safeParse({ ...edit, clusters: [{ ...cluster, weight }] }).success, String(weight)).toBe(true);
    for (const weight of [-1, 101, '25']) {
      expect(keys(editTemplateBodySchema.safeParse({ ...edit, clusters: [{ ...cluster, weight }] })), String(weight)).toEqual({ 'clusters.0.weight': ['validation-number'] });
      expect(keys(editTemplateBodySchema.safeParse({ ...edit, clusters: [{ ...cluster, financeWeight: weight }] }))).toEqual({ 'clusters.0.financeWeight': ['validation-number'] });
    }
    const sectionWith = (fields: Record<string, unknown>) => ({ ...edit, clusters: [{ ...cluster, categories: [{ ...category, sections: [{ ...section, ...fields }] }] }] });
    expect(keys(editTemplateBodySchema.safeParse(sectionWith({ weight: 101 })))).toEqual({ 'clusters.0.categories.0.sections.0.weight': ['validation-number'] });
    expect(keys(editTemplateBodySchema.safeParse(sectionWith({ financeWeight: -1 })))).toEqual({ 'clusters.0.categories.0.sections.0.financeWeight': ['validation-number'] });
  });

  it('limits the size of the tree: 200 categories per cluster, 500 sections per category, 1000 questions per section, 100 options', () => {
    const emptyCategory = { id: null, translations: [], order: 0, sections: [] };
    const emptySection = { ...section, questions: [] };
    const tree = (categories: unknown[]) => ({ ...edit, clusters: [{ ...cluster, categories }] });
    expect(editTemplateBodySchema.safeParse(tree(Array(200).fill(emptyCategory))).success).toBe(true);
    expect(editTemplateBodySchema.safeParse(tree(Array(201).fill(emptyCategory))).success).toBe(false);
    expect(editTemplateBodySchema.safeParse(tree([{ ...category, sections: Array(500).fill(emptySection) }])).success).toBe(true);
    expect(editTemplateBodySchema.safeParse(tree([{ ...category, sections: Array(501).fill(emptySection) }])).success).toBe(false);
    expect(editTemplateBodySchema.safeParse(tree([{ ...category, sections: [{ ...section, questions: Array(1000).fill(question) }] }])).success).toBe(true);
    expect(editTemplateBodySchema.safeParse(tree([{ ...category, sections: [{ ...section, questions: Array(1001).fill(question) }] }])).success).toBe(false);
    expect(editTemplateBodySchema.safeParse(withQuestion({ options: Array(100).fill(option) })).success).toBe(true);
    expect(editTemplateBodySchema.safeParse(withQuestion({ options: Array(101).fill(option) })).success).toBe(false);
  });

  it('names of categories and sections: one per language, German and English, at most 300 characters', () => {
    const named = (translations: unknown[]) => ({ ...edit, clusters: [{ ...cluster, categories: [{ ...category, translations }] }] });
    expect(editTemplateBodySchema.safeParse(named([{ language: 'de', name: 'x'.repeat(300) }, { language: 'en', name: 'y' }])).success).toBe(true);
    expect(keys(editTemplateBodySchema.safeParse(named([{ language: 'de', name: 'x'.repeat(301) }])))).toEqual({ 'clusters.0.categories.0.translations.0.name': ['validation-max-length'] });
    expect(editTemplateBodySchema.safeParse(named([{ language: 'fr', name: 'x' }])).success).toBe(false);
    expect(editTemplateBodySchema.safeParse(named([{ language: 'de', name: 'a' }, { language: 'en', name: 'b' }, { language: 'de', name: 'c' }])).success).toBe(false);
  });

  it('a question needs its static title and a known type; its texts have limits', () => {
    expect(keys(editTemplateBodySchema.safeParse(withQuestion({ staticTitle: '  ' })))).toEqual({ [`${questionPath}.staticTitle`]: ['validation-required'] });
    expect(keys(editTemplateBodySchema.safeParse(withQuestion({ staticTitle: 'x'.repeat(301) })))).toEqual({ [`${questionPath}.staticTitle`]: ['validation-max-length'] });
    expect(editTemplateBodySchema.safeParse(withQuestion({ staticTitle: 'x'.repeat(300) })).success).toBe(true);
    for (const type of ['SingleChoice', 'MultipleChoice', 'ValueQuestion', 'VirtualQuestion']) expect(editTemplateBodySchema.safeParse(withQuestion({ type })).success, type).toBe(true);
    expect(editTemplateBodySchema.safeParse(withQuestion({ type: 'FreeText' })).success).toBe(false);
    const text = (fields: Record<string, string>) => withQuestion({ translations: [{ language: 'de', ...fields }] });
    expect(editTemplateBodySchema.safeParse(text({ title: 'x'.repeat(1000), description: 'x'.repeat(5000), clarification: 'x'.repeat(5000) })).success).toBe(true);
    expect(keys(editTemplateBodySchema.safeParse(text({ title: 'x'.repeat(1001) })))).toEqual({ [`${questionPath}.translations.0.title`]: ['validation-max-length'] });
    expect(keys(editTemplateBodySchema.safeParse(text({ description: 'x'.repeat(5001) })))).toEqual({ [`${questionPath}.translations.0.description`]: ['validation-max-length'] });
    expect(keys(editTemplateBodySchema.safeParse(text({ clarification: 'x'.repeat(5001) })))).toEqual({ [`${questionPath}.translations.0.clarification`]: ['validation-max-length'] });
    expect(editTemplateBodySchema.safeParse(withQuestion({ translations: [{ language: 'de' }, { language: 'en' }, { language: 'de' }] })).success).toBe(false);
    expect(editTemplateBodySchema.safeParse(withQuestion({ parentStaticTitle: 'x'.repeat(301) })).success).toBe(false);
    expect(editTemplateBodySchema.safeParse(withQuestion({ parentStaticTitle: null })).success).toBe(true);
  });

  it('a question names only the asset classes, KPI keys, virtual types and score types of the specification', () => {
    const classes = ['OFF', 'HOT', 'RHS', 'RSM', 'RWB1', 'RWB2', 'DWH', 'HEC1', 'HEC2', 'LEI', 'MIX', 'RESI'];
    expect(editTemplateBodySchema.safeParse(withQuestion({ assetTypes: classes })).success).toBe(true);
    expect(editTemplateBodySchema.safeParse(withQuestion({ assetTypes: [...classes, 'OFF'] })).success).toBe(false);
    expect(editTemplateBodySchema.safeParse(withQuestion({ assetTypes: ['CASTLE'] })).success).toBe(false);
    for (const kpiKey of ['finalEnergyTotal', 'finalEnergyRenewablesExported', 'co2', 'water', 'waste']) expect(editTemplateBodySchema.safeParse(withQuestion({ kpiKey })).success, kpiKey).toBe(true);
    expect(editTemplateBodySchema.safeParse(withQuestion({ kpiKey: 'noise' })).success).toBe(false);
    for (const virtualQuestionType of ['DK', 'DW', 'Year']) expect(editTemplateBodySchema.safeParse(withQuestion({ virtualQuestionType })).success).toBe(true);
    expect(editTemplateBodySchema.safeParse(withQuestion({ virtualQuestionType: 'DX' })).success).toBe(false);
    expect(editTemplateBodySchema.safeParse(withQuestion({ scoreType: 'Taxonomy' })).success).toBe(false);
    expect(editTemplateBodySchema.safeParse(withQuestion({ ambitionLevel: 'A0' })).success).toBe(false);
    expect(editTemplateBodySchema.safeParse(withQuestion({ clusterType: 'Energy' })).success).toBe(false);
  });

  it('the numbers of a question stay within their ranges', () => {
    const accepted = { averageVariator: [0, 1000], virtualMaxScore: [0, 1000], averageValue: [-1e9, 1e9], order: [0, 10_000] };
    const refused = { averageVariator: [-0.1, 1000.5], virtualMaxScore: [-1, 1001], averageValue: [-1e9 - 1, 1e9 + 1], order: [-1, 10_001, 1.5] };
    for (const [field, values] of Object.entries(accepted)) for (const value of values) expect(editTemplateBodySchema.safeParse(withQuestion({ [field]: value })).success, `${field} ${value}`).toBe(true);
    for (const [field, values] of Object.entries(refused)) for (const value of values) expect(editTemplateBodySchema.safeParse(withQuestion({ [field]: value })).success, `${field} ${value}`).toBe(false);
    for (const field of ['averageVariator', 'virtualMaxScore', 'averageValue'])
      expect(keys(editTemplateBodySchema.safeParse(withQuestion({ [field]: 'x' }))), field).toEqual({ [`${questionPath}.${field}`]: ['validation-number'] });
  });

  it('an option: score from -1000 to 1000, order from 0 to 10 000, text up to 500 characters', () => {
    for (const fields of [{ score: -1000 }, { score: 1000 }, { order: 0 }, { order: 10_000 }, { text: 'x'.repeat(500) }])
      expect(editTemplateBodySchema.safeParse(withOption(fields)).success, JSON.stringify(fields)).toBe(true);
    for (const fields of [{ score: -1001 }, { score: 1001 }, { order: -1 }, { order: 10_001 }, { order: 0.5 }])
      expect(editTemplateBodySchema.safeParse(withOption(fields)).success, JSON.stringify(fields)).toBe(false);
    expect(keys(editTemplateBodySchema.safeParse(withOption({ score: 'x' })))).toEqual({ [`${optionPath}.score`]: ['validation-number'] });
    expect(keys(editTemplateBodySchema.safeParse(withOption({ text: 'x'.repeat(501) })))).toEqual({ [`${optionPath}.text`]: ['validation-max-length'] });
    expect(keys(editTemplateBodySchema.safeParse(withOption({ translations: [{ language: 'en', text: 'x'.repeat(501) }] })))).toEqual({ [`${optionPath}.translations.0.text`]: ['validation-max-length'] });
    expect(editTemplateBodySchema.safeParse(withOption({ translations: [{ language: 'de' }, { language: 'en' }, { language: 'en' }] })).success).toBe(false);
  });

  it('ids of stored items are positive whole numbers; new items send null', () => {
    expect(editTemplateBodySchema.safeParse(withQuestion({ id: 12, parentQuestionId: 11 })).success).toBe(true);
    for (const id of [0, -3, 1.5]) expect(editTemplateBodySchema.safeParse(withQuestion({ id })).success, String(id)).toBe(false);
    expect(editTemplateBodySchema.safeParse(withQuestion({ parentQuestionId: -3 })).success).toBe(false);
  });
});

describe('POST /api/questionnaire payload (create, or duplicate with sourceId)', () => {
  it('a new template is of type Ecore unless another is named; a duplicate names its source', () => {
    expect(createTemplateBodySchema.parse({ title: ' Neu ', version: '2026_01' })).toEqual({ title: 'Neu', version: '2026_01', type: 'Ecore' });
    expect(createTemplateBodySchema.parse({ id: null, sourceId: 4, title: 'Kopie', version: '2026_01', type: 'Finance' })).toEqual({
      id: null, sourceId: 4, title: 'Kopie', version: '2026_01', type: 'Finance',
    });
  });

  it('refuses an id of its own, and names missing title and version', () => {
    expect(createTemplateBodySchema.safeParse({ id: 5, title: 'Neu', version: '2026_01' }).success).toBe(false);
    expect(keys(createTemplateBodySchema.safeParse({}))).toEqual({ title: ['validation-required'], version: ['validation-required'] });
    expect(keys(createTemplateBodySchema.safeParse({ title: 'Neu', version: '2026_01', type: 'Gold' }))).toEqual({ type: ['validation-required'] });
    expect(keys(createTemplateBodySchema.safeParse({ title: 'x'.repeat(201), version: '2026_01' }))).toEqual({ title: ['validation-max-length'] });
  });
});

describe('list, export and lock queries (spec 02 §2, §7, §9)', () => {
  it('the list shows the current templates unless the archived ones are asked for', () => {
    expect(templateListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 5, list: 'active' });
    expect(templateListQuerySchema.parse({ list: 'archived', page: '2' })).toMatchObject({ list: 'archived', page: 2 });
    expect(templateListQuerySchema.safeParse({ list: 'deleted' }).success).toBe(false);
  });

  it('export format 0 JSON, 1 CSV, 2 Excel, in German or English', () => {
    expect(EXPORT_FORMATS).toEqual({ json: 0, csv: 1, excel: 2 });
    expect(exportQuerySchema.parse({ exportFormat: '0', language: 'de' })).toEqual({ exportFormat: 0, language: 'de' });
    expect(exportQuerySchema.parse({ exportFormat: '2', language: 'en' })).toEqual({ exportFormat: 2, language: 'en' });
    expect(exportQuerySchema.safeParse({ exportFormat: '3', language: 'de' }).success).toBe(false);
    expect(exportQuerySchema.safeParse({ exportFormat: '1', language: 'fr' }).success).toBe(false);
  });

  it('locking takes isLocked=true or false and nothing else', () => {
    expect(lockQuerySchema.parse({ isLocked: 'true' })).toEqual({ isLocked: true });
    expect(lockQuerySchema.parse({ isLocked: 'false' })).toEqual({ isLocked: false });
    expect(lockQuerySchema.safeParse({ isLocked: 'yes' }).success).toBe(false);
  });
});

describe('the answers of GET /api/questionnaire', () => {
  const summary = { id: 1, title: 'ECORE', state: 'Draft', type: 'Ecore', version: '2025_01', creationDate: '2025-01-01T00:00:00+00:00', modifiedBy: 'Sven', modifiedDate: '2025-01-02T00:00:00+00:00' };

  it('a list row carries id, title, state, type, version and who changed it when', () => {
    expect(templateSummarySchema.parse(summary)).toEqual(summary);
    expect(templateSummarySchema.safeParse({ ...summary, state: 'Deleted' }).success).toBe(false);
  });

  it('a whole template carries its revision and the name of whoever holds the lock', () => {
    const body = { ...summary, taxonomyCompliance: true, scoredAmbitionLevels: ['A1'], clusters: [], revision: 3, lockedStatus: { currentLockerName: 'Sven Scoring' } };
    expect(templateResponseSchema.parse(body)).toEqual(body);
    expect(templateResponseSchema.parse({ ...body, version: 'alt', lockedStatus: null })).toMatchObject({ version: 'alt', lockedStatus: null });
    expect(lockedStatusSchema.safeParse({}).success).toBe(false);
  });
});
