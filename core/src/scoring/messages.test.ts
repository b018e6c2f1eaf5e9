// The scoring texts (issue 15, spec 02 §8) in German and English, and that the catalogue holds them.
import { describe, expect, it } from 'vitest';
import { ANSWERING_MESSAGES } from '../answering/messages.ts';
import { ASSET_MESSAGES } from '../assets/messages.ts';
import { QUESTIONNAIRE_MESSAGES } from '../questionnaires/messages.ts';
import { REVIEW_MESSAGES } from '../review/review-messages.ts';
import { isMessageKey, message, MESSAGES } from '../shared/messages.ts';
import { CLASSIFICATIONS } from './display.ts';
import { SCORING_MESSAGES } from './messages.ts';
import { refusalParams, strandingBodySchema, calculatorFieldErrors, type StrandingRefusal } from './stranding.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the scoring texts', () => {
  it('every text exists in German and in English, with the same placeholders in both', () => {
    for (const [key, text] of Object.entries(SCORING_MESSAGES)) {
      expect(text.de.trim(), key).not.toBe('');
      expect(text.en.trim(), key).not.toBe('');
      expect(placeholders(text.de), key).toEqual(placeholders(text.en));
    }
  });

  it('scoring-reference-missing names what is missing in the reader’s language', () => {
    const refusal: StrandingRefusal = { _tag: 'scoring-reference-missing', missing: [{ kind: 'pathway', metric: 'carbon', country: 'FR', assetClass: 'OFF', years: [2024, 2050] }] };
    expect(message(refusal._tag, 'en', refusalParams(refusal, 'en'))).toBe('The reference data lacks: decarbonisation pathway carbon FR OFF 2024–2050. Nothing is computed without it.');
    expect(message(refusal._tag, 'de', refusalParams(refusal, 'de'))).toBe('In den Referenzdaten fehlt: Dekarbonisierungspfad CO2 FR OFF 2024–2050. Ohne diese Angaben wird nicht gerechnet.');
    expect(message('scoring-reporting-year', 'en', refusalParams({ _tag: 'scoring-reporting-year', reportingYear: 2051 }, 'en'))).toContain('2051');
  });

  it('every field error of the calculator is a key of the catalogue', () => {
    const parsed = strandingBodySchema.safeParse({ reportingYear: 1999, country: 'XX', assetAssetTypes: [{ assetTypeId: 99, percentage: 100 }], area: 0, energy: { gas: -3, oil: 'x' } });
    expect(parsed.success).toBe(false);
    const fields = calculatorFieldErrors(parsed.error!);
    expect(fields.map((f) => f.path)).toEqual(['reportingYear', 'country', 'assetAssetTypes.0.assetTypeId', 'area', 'energy.gas', 'energy.oil']);
    for (const field of fields) expect(isMessageKey(field.key), field.key).toBe(true);
  });

  it('the failures of the score calls end with "try again later" (spec 02 §8)', () => {
    const failures = Object.entries(SCORING_MESSAGES).filter(([key]) => key.endsWith('-error'));
    expect(failures.map(([key]) => key)).toEqual(['crrem-fetch-error', 'score-fetch-error', 'score-group-fetch-error', 'score-structureInfo-fetch-error', 'consumptionValues-fetch-error', 'score-preview-error', 'stranding-calculate-error']);
    for (const [key, text] of failures) {
      expect(text.en, key).toMatch(/Please try again later\.$/);
      expect(text.de, key).toMatch(/Bitte versuchen Sie es später erneut\.$/);
    }
  });

  it('every classification and "beyond 2050" has a text', () => {
    for (const c of CLASSIFICATIONS) expect(isMessageKey(`scoring-classification-${c}`)).toBe(true);
    expect(message('scoring-beyond-2050', 'de')).toBe('nach 2050');
  });

  it('no key repeats one of another module, and the catalogue holds every scoring text unchanged', () => {
    const others = new Set([...Object.keys(QUESTIONNAIRE_MESSAGES), ...Object.keys(ANSWERING_MESSAGES), ...Object.keys(ASSET_MESSAGES), ...Object.keys(REVIEW_MESSAGES)]);
    for (const [key, text] of Object.entries(SCORING_MESSAGES)) {
      expect(others.has(key), key).toBe(false);
      expect(MESSAGES[key as keyof typeof MESSAGES], key).toEqual(text);
    }
  });
});
