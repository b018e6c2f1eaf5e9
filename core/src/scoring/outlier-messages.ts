import type { Language } from '../shared/language.ts';

/** The refusals of an explanation of a flag (issue 40, outliers.ts), answered as field errors. */
export const OUTLIER_MESSAGES = {
  'outlier-explanation-required': {
    de: 'Bitte geben Sie eine Begründung an.',
    en: 'Please give an explanation.',
  },
  'outlier-explanation-too-short': {
    de: 'Die Begründung muss mindestens 10 Zeichen lang sein.',
    en: 'The explanation must be at least 10 characters long.',
  },
  'outlier-explanation-too-long': {
    de: 'Die Begründung darf höchstens 1000 Zeichen lang sein.',
    en: 'The explanation may be at most 1000 characters long.',
  },
  'outlier-type-unknown': {
    de: 'Unbekannte Art der Plausibilitätsprüfung.',
    en: 'Unknown kind of plausibility check.',
  },
  'outlier-not-flagged': {
    de: 'Für diese Frage besteht kein solcher Hinweis.',
    en: 'This question has no such flag.',
  },
} as const satisfies Record<string, Record<Language, string>>;
