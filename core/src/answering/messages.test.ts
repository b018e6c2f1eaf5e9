// The answering texts of spec 02 §5, §8 and DOMAIN.md §3, in German and English, and that the catalogue holds them.
import { describe, expect, it } from 'vitest';
import { message, MESSAGES } from '../shared/messages.ts';
import { ANSWER_PROBLEM_KEYS } from './answer-rules.ts';
import { ANSWERING_MESSAGES } from './messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the answering texts', () => {
  it('every text exists in German and in English, with the same placeholders in both', () => {
    for (const [key, text] of Object.entries(ANSWERING_MESSAGES)) {
      expect(text.de.trim(), key).not.toBe('');
      expect(text.en.trim(), key).not.toBe('');
      expect(text.de, key).not.toBe(text.en);
      expect(placeholders(text.de), key).toEqual(placeholders(text.en));
    }
  });

  it('the state changes have texts for the codes 0 to 10', () => {
    for (let code = 0; code <= 10; code += 1) expect(Object.keys(ANSWERING_MESSAGES)).toContain(`questionnaire-change-${code}`);
  });

  it.each([
    ['questionnaire-change-3', 'You did not answer every question.'],
    ['questionnaire-change-4', "Some answer needs to be verified but doesn't have any document."],
    ['document-invalid', 'Either the file size is too big or the format is wrong'],
  ] as const)('%s reads as the specification words it', (key, en) => {
    expect(ANSWERING_MESSAGES[key].en).toBe(en);
  });

  it('the file text in German', () => {
    expect(ANSWERING_MESSAGES['document-invalid'].de).toBe('Entweder ist die Datei zu groß oder das Format ist falsch');
  });

  it('every reason an answer is refused has a text', () => {
    for (const key of ANSWER_PROBLEM_KEYS) expect(Object.keys(ANSWERING_MESSAGES)).toContain(key);
  });

  it('a value too large names the maximum and asks to check it or contact support (spec 02 §8)', () => {
    expect(message('answer-value-too-large', 'de', { max: '3.000' })).toContain('höchstens 3.000');
    expect(message('answer-value-too-large', 'en', { max: '3,000' })).toMatch(/at most 3,000.*contact support/);
  });

  it('the catalogue holds every answering text unchanged, and the lock text of the template editor', () => {
    for (const [key, text] of Object.entries(ANSWERING_MESSAGES)) expect(MESSAGES[key as keyof typeof MESSAGES], key).toEqual(text);
    expect(MESSAGES['questionnaire-locked'].en).toContain('{name}');
  });

  it('generic failures end with "try again later"', () => {
    for (const key of ['questionnaire-change-0', 'questionnaire-update-to-active-error', 'save-answers-for-group-error', 'take-answers-from-group-error', 'document-upload-error', 'document-delete-error'] as const) {
      expect(ANSWERING_MESSAGES[key].en, key).toMatch(/Please try again later\.$/);
      expect(ANSWERING_MESSAGES[key].de, key).toMatch(/Bitte versuchen Sie es später erneut\.$/);
    }
  });
});
