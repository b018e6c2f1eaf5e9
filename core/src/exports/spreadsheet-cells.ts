/**
 * OWASP "CSV injection": a cell whose text starts with =, +, -, @, a tab or a carriage return is read
 * as a formula by spreadsheet programs (=HYPERLINK(…) sends data away at a click). Every export writes
 * its text cells through this one rule: such a text gets a leading apostrophe, which spreadsheet
 * programs show as plain text. Numbers, booleans and empty cells stay as they are.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const neutraliseCell = <T>(value: T): T | string => (typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value);

/** The same rule for a whole row. */
export const neutraliseRow = <T>(row: readonly T[]): (T | string)[] => row.map(neutraliseCell);
