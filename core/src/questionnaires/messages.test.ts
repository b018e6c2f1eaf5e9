// The questionnaire texts of spec 02 §8 and the sentence that says why a template cannot be activated (`questionnaire-activate-invalid`).
import { describe, expect, it } from 'vitest';
import { describeActivationProblems, QUESTIONNAIRE_MESSAGES } from './messages.ts';
import type { ActivationProblem } from './template-rules.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the questionnaire texts', () => {
  it('every text exists in German and in English, with the same placeholders in both', () => {
    for (const [key, text] of Object.entries(QUESTIONNAIRE_MESSAGES)) {
      expect(text.de.trim(), key).not.toBe('');
      expect(text.en.trim(), key).not.toBe('');
      expect(text.de, key).not.toBe(text.en);
      expect(placeholders(text.de), key).toEqual(placeholders(text.en));
    }
  });

  it('the keys of spec 02 §8 are there', () => {
    for (const key of ['questionnaire-create-onlyOnce', 'questionnaire-clone-onlyOnce', 'questionnaire-activate-invalid', 'questionnaire-delete-error'])
      expect(Object.keys(QUESTIONNAIRE_MESSAGES)).toContain(key);
  });

  it('"the draft may not have been saved before reload" for a category, section, question or cluster that is not found', () => {
    for (const level of ['category', 'section', 'question', 'cluster'] as const) {
      expect(QUESTIONNAIRE_MESSAGES[`questionnaire-${level}-not-found`].en).toContain('The draft may not have been saved before reloading.');
      expect(QUESTIONNAIRE_MESSAGES[`questionnaire-${level}-not-found`].de).toContain('Möglicherweise wurde der Entwurf vor dem Neuladen nicht gespeichert.');
    }
  });

  it('generic failures end with "try again later"', () => {
    for (const key of ['questionnaire-create-error', 'questionnaire-edit-error', 'questionnaire-activate-error', 'questionnaire-lock-error', 'questionnaire-fetch-error', 'questionnaire-export-error', 'scoringtable-fetch-error'] as const) {
      expect(QUESTIONNAIRE_MESSAGES[key].en, key).toMatch(/Please try again later\.$/);
      expect(QUESTIONNAIRE_MESSAGES[key].de, key).toMatch(/Bitte versuchen Sie es später erneut\.$/);
    }
  });
});

describe('why a template cannot be activated, in one sentence', () => {
  it.each<[ActivationProblem, string, string]>([
    [{ code: 'notDraft' }, 'only a draft can be activated', 'nur ein Entwurf kann aktiviert werden'],
    [{ code: 'missingTitle' }, 'the title is missing', 'der Titel fehlt'],
    [{ code: 'missingVersion' }, 'the version is missing', 'die Version fehlt'],
    [{ code: 'clusterCount' }, 'there must be exactly four clusters', 'es müssen genau vier Cluster sein'],
    [{ code: 'clusterWeights', sum: 105 }, 'the cluster weights add up to 105 instead of 100', 'die Gewichte der Cluster ergeben 105 statt 100'],
    [{ code: 'noQuestions' }, 'the questionnaire has no questions', 'der Fragebogen enthält keine Fragen'],
    [{ code: 'missingName', where: 'I / Energie' }, 'name in German or English missing (I / Energie)', 'Name in Deutsch oder Englisch fehlt (I / Energie)'],
    [{ code: 'missingTitleTranslation', where: 'energy' }, 'question title in German or English missing (energy)', 'Fragetitel in Deutsch oder Englisch fehlt (energy)'],
    [{ code: 'tooFewOptions', where: 'policy' }, 'fewer than two options (policy)', 'weniger als zwei Antwortoptionen (policy)'],
    [{ code: 'virtualParent', where: 'dw' }, 'virtual question without type or without a value question as corresponding question (dw)', 'virtuelle Frage ohne Typ oder ohne Wertfrage als zugehörige Frage (dw)'],
    [{ code: 'virtualVariator', where: 'dw' }, 'virtual question without a positive average variator (dw)', 'virtuelle Frage ohne positiven Durchschnittsvariator (dw)'],
    [{ code: 'valueKpi', where: 'energy' }, 'value question without KPI key (energy)', 'Wertfrage ohne KPI-Schlüssel (energy)'],
    [{ code: 'duplicateStaticTitle', where: 'energy' }, 'the static title occurs more than once (energy)', 'der statische Titel kommt mehrfach vor (energy)'],
  ])('%o', (problem, en, de) => {
    expect(describeActivationProblems([problem], 'en')).toBe(en);
    expect(describeActivationProblems([problem], 'de')).toBe(de);
  });

  it('joins the problems with semicolons', () => {
    expect(describeActivationProblems([{ code: 'missingTitle' }, { code: 'noQuestions' }], 'en')).toBe('the title is missing; the questionnaire has no questions');
    expect(describeActivationProblems([], 'en')).toBe('');
  });

  it('names the first eight and counts the rest', () => {
    const problems: ActivationProblem[] = Array.from({ length: 10 }, (_, i) => ({ code: 'valueKpi', where: `q${i + 1}` }));
    expect(describeActivationProblems(problems, 'en')).toBe(
      'value question without KPI key (q1); value question without KPI key (q2); value question without KPI key (q3); value question without KPI key (q4); ' +
        'value question without KPI key (q5); value question without KPI key (q6); value question without KPI key (q7); value question without KPI key (q8) (+2)',
    );
    expect(describeActivationProblems(problems.slice(0, 8), 'en')).not.toContain('(+');
    expect(describeActivationProblems(problems, 'de', 2)).toBe('Wertfrage ohne KPI-Schlüssel (q1); Wertfrage ohne KPI-Schlüssel (q2) (+8)');
  });

  it('leaves a placeholder as it is when the problem does not say what to fill in', () => {
    expect(describeActivationProblems([{ code: 'valueKpi' } as ActivationProblem], 'en')).toBe('value question without KPI key ({where})');
  });
});
