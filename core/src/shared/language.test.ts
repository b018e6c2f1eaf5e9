import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { languageFromHeader } from './language.ts';
import { message, MESSAGES } from './messages.ts';

describe('request language', () => {
  it('falls back to German', () => {
    expect(languageFromHeader(undefined)).toBe('de');
    expect(languageFromHeader('fr-FR, it')).toBe('de');
    expect(languageFromHeader('')).toBe('de');
  });

  it('takes the best-rated language we speak', () => {
    expect(languageFromHeader('en')).toBe('en');
    expect(languageFromHeader('en-GB,en;q=0.9')).toBe('en');
    expect(languageFromHeader('en;q=0.5, de;q=0.8')).toBe('de');
    expect(languageFromHeader('fr, en;q=0.1')).toBe('en');
  });

  it('never throws and always answers de or en', () => {
    fc.assert(fc.property(fc.string(), (header) => {
      expect(['de', 'en']).toContain(languageFromHeader(header));
    }));
  });
});

describe('message catalogue', () => {
  it('has a German and an English text for every key', () => {
    for (const [key, texts] of Object.entries(MESSAGES)) {
      expect(texts.de.length, key).toBeGreaterThan(0);
      expect(texts.en.length, key).toBeGreaterThan(0);
    }
  });

  it('carries the texts of the specification', () => {
    expect(message('table-empty', 'de')).toBe('Keine Einträge vorhanden');
    expect(message('invalid-link', 'en')).toBe('The link is not correct. It may have expired.');
    expect(message('validation-min-length', 'en', { n: 6 })).toBe('This field should be at least 6 characters long');
  });
});
