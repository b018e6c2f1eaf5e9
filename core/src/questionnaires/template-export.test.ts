// The template export of spec 02 §2 ("export dialog with language and file format"), §7 and §9: one row per question, in the chosen language.
import { describe, expect, it } from 'vitest';
import { blankOption, blankQuestion } from './editing.ts';
import { clusterName, EXPORT_COLUMNS, EXPORT_SHEETS, exportFileName, exportRows } from './template-export.ts';
import { newTemplateContent } from './template-rules.ts';
import type { Question, QuestionnaireTemplate } from './template.ts';

const energy: Question = {
  ...blankQuestion(11, 'energy', 'de', 1),
  type: 'ValueQuestion',
  translations: [
    { language: 'de', title: 'Endenergie', description: 'Gesamter Verbrauch', clarification: 'laut Abrechnung' },
    { language: 'en', title: 'Final energy', description: 'Total use', clarification: 'as billed' },
  ],
  assetTypes: ['OFF', 'RESI'],
  isGreenHouseGas: true,
  kpiKey: 'finalEnergyTotal',
};
const deviation: Question = {
  ...blankQuestion(12, 'energy-dw', 'de', 2),
  type: 'VirtualQuestion',
  relevantForReview: false,
  taxonomyRelevant: true,
  scoreType: 'Finance',
  ambitionLevel: 'A2',
  virtualQuestionType: 'DW',
  parentQuestionId: 11,
  averageVariator: 0.3,
  averageValue: 120,
  virtualMaxScore: 5,
};
const policy: Question = {
  ...blankQuestion(1, 'policy', 'de', 1),
  id: null,
  type: 'MultipleChoice',
  translations: [{ language: 'de', title: 'Richtlinie', description: '', clarification: '' }],
  options: [
    { ...blankOption(21, 1), text: 'yes', score: 2, translations: [{ language: 'de', text: 'ja' }, { language: 'en', text: 'yes' }] },
    { ...blankOption(22, 2), text: 'partly', score: 1, translations: [{ language: 'de', text: 'teilweise' }, { language: 'en', text: '' }] },
  ],
};

const template = (): QuestionnaireTemplate => {
  const content = newTemplateContent({ title: 'ECORE', version: '2025_01', type: 'Ecore' });
  content.clusters[0]!.categories.push({
    id: 1, order: 1, translations: [{ language: 'de', name: 'Führung' }, { language: 'en', name: 'Leadership' }],
    sections: [{ id: 2, order: 1, weight: 40, financeWeight: 0, translations: [{ language: 'de', name: 'Strategie' }], questions: [policy] }],
  });
  content.clusters[1]!.categories.push({
    id: 3, order: 1, translations: [{ language: 'de', name: 'Energie' }, { language: 'en', name: 'Energy' }],
    sections: [{ id: 4, order: 1, weight: 60, financeWeight: 10, translations: [{ language: 'de', name: 'Verbrauch' }, { language: 'en', name: 'Use' }], questions: [energy, deviation] }],
  });
  return { ...content, id: 9, state: 'Draft', revision: 1, creationDate: '2025-01-01', modifiedBy: 'Sven', modifiedDate: '2025-01-02' };
};

describe('cluster names in the export', () => {
  it('the four clusters I to IV: Governance, Consumption and emissions, Asset check, Taxonomy check', () => {
    expect([0, 1, 2, 3].map((i) => clusterName(i, 'de'))).toEqual(['I Governance', 'II Verbrauch und Emissionen', 'III Objektcheck', 'IV Taxonomie-Check']);
    expect([0, 1, 2, 3].map((i) => clusterName(i, 'en'))).toEqual(['I Governance', 'II Consumption and emissions', 'III Asset check', 'IV Taxonomy check']);
  });

  it('a cluster beyond the fourth has its number only', () => {
    expect(clusterName(4, 'de')).toBe('V');
  });
});

describe('the question table of the export', () => {
  it('has these columns, in this order, headed in German and in English', () => {
    expect(Object.entries(EXPORT_COLUMNS).map(([column, heading]) => [column, heading.de, heading.en])).toEqual([
      ['cluster', 'Cluster', 'Cluster'],
      ['category', 'Kategorie', 'Category'],
      ['section', 'Abschnitt', 'Section'],
      ['sectionWeight', 'Gewicht Abschnitt', 'Section weight'],
      ['id', 'Fragen-ID', 'Question id'],
      ['staticTitle', 'Statischer Titel', 'Static title'],
      ['title', 'Frage', 'Question'],
      ['description', 'Erläuterung', 'Explanation'],
      ['clarification', 'Klarstellung', 'Clarification'],
      ['type', 'Fragetyp', 'Question type'],
      ['scoreType', 'Bewertungsart', 'Score type'],
      ['ambitionLevel', 'Ambitionsniveau', 'Ambition level'],
      ['assetTypes', 'Objektklassen', 'Asset classes'],
      ['taxonomyRelevant', 'Taxonomierelevant', 'Taxonomy relevant'],
      ['relevantForReview', 'Prüfrelevant', 'Relevant for review'],
      ['isGreenHouseGas', 'CO2-relevant', 'Greenhouse gas'],
      ['kpiKey', 'KPI-Schlüssel', 'KPI key'],
      ['virtualQuestionType', 'Virtueller Typ', 'Virtual type'],
      ['parentQuestion', 'Zugehörige Frage', 'Corresponding question'],
      ['averageVariator', 'Durchschnittsvariator', 'Average variator'],
      ['averageValue', 'Durchschnittswert', 'Average value'],
      ['maxScore', 'Maximale Punkte', 'Maximum score'],
      ['options', 'Antwortoptionen (Punkte)', 'Options (score)'],
    ]);
  });

  it('the metadata sheet and the yes/no of the flags in both languages', () => {
    expect(Object.entries(EXPORT_SHEETS).map(([field, label]) => [field, label.de, label.en])).toEqual([
      ['metadata', 'Metadaten', 'Metadata'],
      ['questions', 'Fragen', 'Questions'],
      ['yes', 'ja', 'yes'],
      ['no', 'nein', 'no'],
      ['title', 'Titel', 'Title'],
      ['version', 'Version', 'Version'],
      ['state', 'Status', 'State'],
      ['type', 'Typ', 'Type'],
      ['modifiedBy', 'Zuletzt geändert von', 'Last changed by'],
      ['modifiedDate', 'Zuletzt geändert am', 'Last changed on'],
      ['weight', 'Gewicht', 'Weight'],
      ['financeWeight', 'Finanzgewicht', 'Finance weight'],
    ]);
  });

  it('one row per question in tree order, its texts in German', () => {
    expect(exportRows(template(), 'de')).toEqual([
      {
        cluster: 'I Governance', category: 'Führung', section: 'Strategie', sectionWeight: 40, id: '', staticTitle: 'policy', title: 'Richtlinie',
        description: '', clarification: '', type: 'MultipleChoice', scoreType: 'Ecore', ambitionLevel: 'A1', assetTypes: '',
        taxonomyRelevant: 'nein', relevantForReview: 'ja', isGreenHouseGas: 'nein', kpiKey: '', virtualQuestionType: '', parentQuestion: '',
        averageVariator: '', averageValue: '', maxScore: 3, options: 'ja (2) | teilweise (1)',
      },
      {
        cluster: 'II Verbrauch und Emissionen', category: 'Energie', section: 'Verbrauch', sectionWeight: 60, id: 11, staticTitle: 'energy', title: 'Endenergie',
        description: 'Gesamter Verbrauch', clarification: 'laut Abrechnung', type: 'ValueQuestion', scoreType: 'Ecore', ambitionLevel: 'A1', assetTypes: 'OFF, RESI',
        taxonomyRelevant: 'nein', relevantForReview: 'ja', isGreenHouseGas: 'ja', kpiKey: 'finalEnergyTotal', virtualQuestionType: '', parentQuestion: '',
        averageVariator: '', averageValue: '', maxScore: 0, options: '',
      },
      {
        cluster: 'II Verbrauch und Emissionen', category: 'Energie', section: 'Verbrauch', sectionWeight: 60, id: 12, staticTitle: 'energy-dw', title: 'energy-dw',
        description: '', clarification: '', type: 'VirtualQuestion', scoreType: 'Finance', ambitionLevel: 'A2', assetTypes: '',
        taxonomyRelevant: 'ja', relevantForReview: 'nein', isGreenHouseGas: 'nein', kpiKey: '', virtualQuestionType: 'DW', parentQuestion: 'energy',
        averageVariator: 0.3, averageValue: 120, maxScore: 5, options: '',
      },
    ]);
  });

  it('in English: English texts where they exist, else the German ones; yes and no in English', () => {
    const rows = exportRows(template(), 'en');
    expect(rows.map((r) => [r.cluster, r.category, r.section, r.title, r.description, r.clarification, r.options])).toEqual([
      ['I Governance', 'Leadership', 'Strategie', 'Richtlinie', '', '', 'yes (2) | partly (1)'],
      ['II Consumption and emissions', 'Energy', 'Use', 'Final energy', 'Total use', 'as billed', ''],
      ['II Consumption and emissions', 'Energy', 'Use', 'energy-dw', '', '', ''],
    ]);
    expect(rows.map((r) => [r.taxonomyRelevant, r.relevantForReview, r.isGreenHouseGas])).toEqual([
      ['no', 'yes', 'no'],
      ['no', 'yes', 'yes'],
      ['yes', 'no', 'no'],
    ]);
  });

  it('a corresponding question that is not in the template leaves the column empty', () => {
    const t = template();
    t.clusters[1]!.categories[0]!.sections[0]!.questions[1] = { ...deviation, parentQuestionId: 99 };
    expect(exportRows(t, 'de')[2]!.parentQuestion).toBe('');
  });
});

describe('the file name of an export', () => {
  it('says what it is, which version and which language', () => {
    expect(exportFileName({ version: '2025_01', id: 9 }, 'de', 'json')).toBe('questionnaire-2025_01-de.json');
    expect(exportFileName({ version: '2025-01', id: 9 }, 'en', 'csv')).toBe('questionnaire-2025-01-en.csv');
  });

  it('replaces what a file name cannot hold, and falls back to the id without a version', () => {
    expect(exportFileName({ version: 'a b/c.d', id: 9 }, 'en', 'xlsx')).toBe('questionnaire-a_b_c_d-en.xlsx');
    expect(exportFileName({ version: '', id: 9 }, 'de', 'xlsx')).toBe('questionnaire-9-de.xlsx');
  });
});
