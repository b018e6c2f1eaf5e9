import type { Language } from '../shared/language.ts';
import type { Cell } from './import-table.ts';
import { OBJECT_COLUMNS, optionText } from './object-columns.ts';

const SHEET_NAMES = {
  de: { data: 'Objekte', lists: 'Listen', explanation: 'Erläuterungen' },
  en: { data: 'Objects', lists: 'Lists', explanation: 'Explanation' },
} as const;

const EXPLANATION_HEADER = {
  de: ['Spalte', 'API-Name', 'Erläuterung', 'Erlaubte Werte'],
  en: ['Column', 'API name', 'Explanation', 'Allowed values'],
} as const;

/** The report's two extra columns. */
export const REPORT_COLUMNS = { de: ['Status', 'Fehler'], en: ['Status', 'Errors'] } as const;

export const TEMPLATE_FILE_NAMES = { de: 'Objekte-Importvorlage', en: 'objects-import-template' } as const;

/**
 * The object template in a language (issue 20): the form's labels as the header, a drop-down list of option texts
 * for every enumeration and the country codes, and one explanation per column.
 */
export const objectTemplate = (language: Language, rows: readonly Cell[][] = []) => ({
  language,
  names: SHEET_NAMES[language],
  explanationHeader: [...EXPLANATION_HEADER[language]] as [string, string, string, string],
  columns: OBJECT_COLUMNS.map((c) => ({
    header: c.labels[language],
    key: c.key,
    explanation: c.explanation[language],
    ...(c.options ? { options: c.kind === 'country' ? [...c.options] : c.options.map((o) => optionText(c, o, language)) } : {}),
  })),
  rows,
});
