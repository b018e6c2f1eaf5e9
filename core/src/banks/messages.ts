/** The texts of loans, financed emissions and the energy performance certificate (DOMAIN.md §11); merged into MESSAGES. */
export const BANK_MESSAGES = {
  'bank-loan-amount-positive': {
    de: 'Der Betrag muss eine Zahl größer als 0 sein.',
    en: 'The amount must be a number greater than 0.',
  },
  'bank-loan-origination-after-reporting': {
    de: 'Das Vergabedatum liegt nach dem Stichtag.',
    en: 'The origination date is after the reporting date.',
  },
  'bank-loan-date': {
    de: 'Kein gültiges Datum (TT.MM.JJJJ oder JJJJ-MM-TT).',
    en: 'Not a valid date (YYYY-MM-DD or DD.MM.YYYY).',
  },
  'bank-loan-object-required': {
    de: 'Bitte nennen Sie das Objekt: seine Objekt-ID oder seine externe ID.',
    en: 'Please name the object: its object ID or its external ID.',
  },
  'bank-loan-object-not-found': {
    de: 'Es gibt kein Objekt „{value}“, das Sie sehen dürfen.',
    en: 'There is no object "{value}" that you may see.',
  },
  'bank-loan-external-id-ambiguous': {
    de: 'Die externe ID „{value}“ haben mehrere Objekte verschiedener Eigentümer. Bitte nennen Sie die Objekt-ID.',
    en: 'Several objects of different owners have the external ID "{value}". Please give the object ID.',
  },
  'bank-loan-duplicate': {
    de: 'Die Kredit-ID „{value}“ steht auch in Zeile {row}.',
    en: 'The loan ID "{value}" also appears in row {row}.',
  },
  'bank-loan-not-found': {
    de: 'Diesen Kredit gibt es nicht.',
    en: 'This loan does not exist.',
  },
  'bank-finance-partner-only': {
    de: 'Kredite und finanzierte Emissionen gibt es nur für Finanzpartner.',
    en: 'Loans and financed emissions are for finance partners only.',
  },
  'epc-class-unknown': {
    de: 'Unbekannte Effizienzklasse. Erlaubt: A+, A, B, C, D, E, F, G, H.',
    en: 'Unknown efficiency class. Allowed: A+, A, B, C, D, E, F, G, H.',
  },
  'epc-valid-until-before-issue': {
    de: 'Der Energieausweis muss nach seinem Ausstellungsdatum gültig bleiben.',
    en: 'The certificate must be valid until a date after its issue.',
  },
  'epc-valid-too-long': {
    de: 'Ein Energieausweis gilt höchstens zehn Jahre nach seiner Ausstellung.',
    en: 'A certificate is valid for at most ten years after its issue.',
  },
  'epc-dates-incomplete': {
    de: 'Bitte geben Sie Ausstellungsdatum und Gültigkeit zusammen an.',
    en: 'Please give the issue date and the validity together.',
  },
} as const;
