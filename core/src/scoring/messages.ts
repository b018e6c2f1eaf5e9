import type { Language } from '../shared/language.ts';

/**
 * The texts of scoring (DOMAIN.md §5, issue 15, spec 02 §6–§8): the refusal for missing reference data, the
 * stranding calculator's field errors, the score calls' failures in the 'try again later' style of spec 02 §8,
 * what results show (classifications, "beyond 2050", unverified) and the one-line "why" of virtual questions.
 * Merged into MESSAGES. The asset-class share errors are the object form's (`objectGroups-create-error-*`).
 */
export const SCORING_MESSAGES = {
  // Refusals of the computation (DOMAIN.md §5: say what is missing, never compute with a made-up number).
  'scoring-reference-missing': {
    de: 'In den Referenzdaten fehlt: {what}. Ohne diese Angaben wird nicht gerechnet.',
    en: 'The reference data lacks: {what}. Nothing is computed without it.',
  },
  'scoring-reporting-year': {
    de: 'Für das Berichtsjahr {year} gibt es keine Projektion bis 2050.',
    en: 'There is no projection to 2050 for the reporting year {year}.',
  },
  'scoring-portfolio-empty': {
    de: 'Das Portfolio enthält kein Objekt mit einer Fläche.',
    en: 'The portfolio contains no object with an area.',
  },

  // The stranding calculator's fields (issue 15 "Bad input").
  'scoring-calculator-reporting-year': {
    de: 'Das Berichtsjahr muss ein Jahr von 2015 bis 2050 sein.',
    en: 'The reporting year must be a year from 2015 to 2050.',
  },
  'scoring-calculator-country': {
    de: 'Bitte wählen Sie ein Land aus der Liste.',
    en: 'Please choose a country from the list.',
  },
  'scoring-calculator-asset-class': {
    de: 'Bitte wählen Sie eine Objektklasse aus der Liste.',
    en: 'Please choose an asset class from the list.',
  },
  'scoring-calculator-area': {
    de: 'Die Fläche muss größer als 0 m² sein.',
    en: 'The area must be greater than 0 m².',
  },
  'scoring-calculator-energy': {
    de: 'Der Energieverbrauch darf nicht negativ sein.',
    en: 'The energy consumption must not be negative.',
  },

  // The CRREM report (docs/crrem.md).
  'scoring-crrem-format': {
    de: 'Das Format muss json oder xlsx sein.',
    en: 'The format must be json or xlsx.',
  },
  'crrem-fetch-error': {
    de: 'Der CRREM-Bericht konnte nicht geladen werden. Bitte versuchen Sie es später erneut.',
    en: 'The CRREM report could not be loaded. Please try again later.',
  },

  // Failures of the score calls (spec 02 §7, §8).
  'score-fetch-error': {
    de: 'Die Bewertung konnte nicht geladen werden. Bitte versuchen Sie es später erneut.',
    en: 'The score could not be loaded. Please try again later.',
  },
  'score-group-fetch-error': {
    de: 'Die Bewertung der Objektgruppe konnte nicht geladen werden. Bitte versuchen Sie es später erneut.',
    en: 'The score of the object group could not be loaded. Please try again later.',
  },
  'score-structureInfo-fetch-error': {
    de: 'Die Struktur der Objektgruppe konnte nicht geladen werden. Bitte versuchen Sie es später erneut.',
    en: 'The structure of the object group could not be loaded. Please try again later.',
  },
  'consumptionValues-fetch-error': {
    de: 'Die Verbrauchswerte konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
    en: 'The consumption values could not be loaded. Please try again later.',
  },
  'score-preview-error': {
    de: 'Die Vorschau der Bewertung konnte nicht berechnet werden. Bitte versuchen Sie es später erneut.',
    en: 'The score preview could not be computed. Please try again later.',
  },
  'stranding-calculate-error': {
    de: 'Der Stranding-Zeitpunkt konnte nicht berechnet werden. Bitte versuchen Sie es später erneut.',
    en: 'The stranding point could not be computed. Please try again later.',
  },

  // What results show (spec 02 §3 result classification, §6 who sees which score).
  'scoring-classification-Positive': { de: 'Positiv', en: 'Positive' },
  'scoring-classification-Intermediate': { de: 'Mittel', en: 'Intermediate' },
  'scoring-classification-Negative': { de: 'Negativ', en: 'Negative' },
  'scoring-classification-Neutral': { de: 'Neutral (nicht bewertet)', en: 'Neutral (not rated)' },
  'scoring-beyond-2050': { de: 'nach 2050', en: 'beyond 2050' },
  'scoring-unverified': {
    de: 'Vorläufige Bewertung, noch nicht geprüft',
    en: 'Provisional score, not yet verified',
  },
  'scoring-become-member': {
    de: 'Werden Sie Mitglied, um die Bewertung Ihrer Objekte zu sehen.',
    en: 'Become a member to see the score of your objects.',
  },
  'scoring-not-for-role': {
    de: 'Bewertungen sehen Objektadministratoren, Datenerfasser und die Prüfer. Ihre Rolle liest die Objekte, Fragebögen, Antworten und Nachweise.',
    en: 'Scores are seen by object administrators, data collectors and the reviewers. Your role reads the objects, questionnaires, answers and documents.',
  },
  'scoring-illustrative-data': {
    de: 'Berechnet mit illustrativen Referenzdaten ({name}), nicht mit echten Benchmark- oder CRREM-Werten.',
    en: 'Computed with illustrative reference data ({name}), not with real benchmark or CRREM figures.',
  },

  // The one-line "why" of a virtual question: the value, the reference used, the formula's result.
  'scoring-why-DW': {
    de: '{value} {unit} gegenüber dem Durchschnitt von {reference} {unit} ({source}): Abweichung {deviation} % bei ±{variator} % → {points} von {max} Punkten',
    en: '{value} {unit} against the average of {reference} {unit} ({source}): deviation {deviation} % at ±{variator} % → {points} of {max} points',
  },
  'scoring-why-DK': {
    de: '{value} {unit} gegenüber dem Pfadwert {year} von {reference} {unit} ({source}): Abweichung {deviation} % bei ±{variator} % → {points} von {max} Punkten',
    en: '{value} {unit} against the {year} pathway value of {reference} {unit} ({source}): deviation {deviation} % at ±{variator} % → {points} of {max} points',
  },
  'scoring-why-Year': {
    de: '{intensity} {unit} im Jahr {reportingYear} ({projection}) gegenüber dem Pfad von {pathway} {unit} ({source}): verlässt den Pfad {year} → {points} von {max} Punkten',
    en: '{intensity} {unit} in {reportingYear} ({projection}) against the pathway of {pathway} {unit} ({source}): leaves the pathway in {year} → {points} of {max} points',
  },
  'scoring-why-Year-beyond': {
    de: '{intensity} {unit} im Jahr {reportingYear} ({projection}) gegenüber dem Pfad von {pathway} {unit} ({source}): bleibt bis nach 2050 auf dem Pfad → {points} von {max} Punkten',
    en: '{intensity} {unit} in {reportingYear} ({projection}) against the pathway of {pathway} {unit} ({source}): stays on the pathway beyond 2050 → {points} of {max} points',
  },
  'scoring-why-source-reference': { de: 'Referenzdaten {country}, {classes}', en: 'reference data {country}, {classes}' },
  'scoring-why-source-question': { de: 'Durchschnittswert der Frage', en: 'the question’s own average' },
  'scoring-why-projection-carriers': {
    de: 'aus den Energieträgern mit den Netzstromfaktoren von {country} projiziert',
    en: 'projected from the energy carriers with the grid factors of {country}',
  },
  'scoring-why-projection-energy-carriers': {
    de: 'Summe der Energieträger, gleichbleibend fortgeschrieben',
    en: 'the energy carriers’ sum, projected flat',
  },
  'scoring-why-projection-flat': { de: 'gleichbleibend fortgeschrieben', en: 'projected flat' },
  'scoring-why-unanswered': {
    de: '{parent} ist nicht beantwortet → 0 von {max} Punkten',
    en: '{parent} is not answered → 0 of {max} points',
  },
  'scoring-why-no-parent': {
    de: 'Nicht gezählt: die Frage, aus der sie berechnet wird, gilt für dieses Objekt nicht',
    en: 'Not counted: the question it is computed from does not apply to this object',
  },
  'scoring-why-missing': {
    de: 'Nicht gezählt: in den Referenzdaten fehlt {what}',
    en: 'Not counted: the reference data lacks {what}',
  },
  'scoring-why-reporting-year': {
    de: 'Nicht gezählt: für das Berichtsjahr {year} gibt es keine Projektion bis 2050',
    en: 'Not counted: there is no projection to 2050 for the reporting year {year}',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ScoringMessageKey = keyof typeof SCORING_MESSAGES;
