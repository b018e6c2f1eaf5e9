const IMPORT_NOTE = 'Import: ';

/** The change log's note of an answer written by an import: marked as imported, with the file's name (DOMAIN.md §10). */
export const importNote = (fileName: string): string => `${IMPORT_NOTE}${fileName}`;

/** The file an answer change was imported from, read from its note; null for a change by hand. */
export const importedFrom = (note: string | null | undefined): string | null => (note?.startsWith(IMPORT_NOTE) ? note.slice(IMPORT_NOTE.length) : null);
