import { parse } from 'csv-parse/sync';

/**
 * Reads a CSV text of the scoring model's reference data into records keyed by the header line.
 * Semicolon or comma as separator (whichever the header uses), a BOM and blank lines are ignored.
 */
export const parseReferenceCsv = (text: string): Record<string, string>[] => {
  const clean = text.replace(/^\uFEFF/, '');
  const header = clean.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = header.includes(';') ? ';' : ',';
  return parse(clean, { columns: true, delimiter, skip_empty_lines: true, trim: true, relax_column_count: true }) as Record<string, string>[];
};
