/** The texts of GRESB reporting (issue 41): the export's refusals and the GRESB import's row errors; merged into MESSAGES. */
export const REPORTING_MESSAGES = {
  'gresb-year-without-questionnaires': {
    de: 'Für das Berichtsjahr {year} gibt es keinen Fragebogen der gewählten Objekte.',
    en: 'None of the chosen objects has a questionnaire for the reporting year {year}.',
  },
  'gresb-size': {
    de: 'Die Fläche (size) muss größer als 0 m² sein.',
    en: 'The floor area (size) must be greater than 0 m².',
  },
  'gresb-negative': {
    de: 'Ein Verbrauch kann nicht negativ sein.',
    en: 'A consumption cannot be negative.',
  },
  'gresb-country': {
    de: '„{value}“ ist kein Ländercode nach ISO 3166 (zwei Buchstaben) der Länderliste des Portals.',
    en: '"{value}" is not an ISO 3166 country code (two letters) of the portal\'s country list.',
  },
  'gresb-year': {
    de: 'Das Jahr muss zwischen 2015 und 2050 liegen.',
    en: 'The year must be between 2015 and 2050.',
  },
  'gresb-property-type': {
    de: 'Der GRESB-Nutzungstyp „{value}“ entspricht keiner Objektklasse des Portals.',
    en: 'The GRESB property type "{value}" matches no asset class of the portal.',
  },
  'gresb-address': {
    de: 'Die Adresse eines neuen Objekts braucht die Form „Straße Hausnummer, PLZ Ort“.',
    en: 'The address of a new object needs the form "street number, postcode city".',
  },
  'gresb-year-questionnaire': {
    de: 'Der aktuelle Fragebogen des Objekts gilt für das Berichtsjahr {year}; nur er kann gefüllt werden.',
    en: "The object's current questionnaire is for the reporting year {year}; only that one can be filled.",
  },
} as const;

export type ReportingMessageKey = keyof typeof REPORTING_MESSAGES;
