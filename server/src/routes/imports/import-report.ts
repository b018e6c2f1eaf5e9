import type { Cell } from '@ecore/core/imports/import-table.ts';

/** The history's report of an import that stored its rows: each row's cells as uploaded with its status. */
export const importedReport = (header: string[], dataRows: readonly { cells: readonly Cell[] }[], statusOf: (index: number) => string) => ({
  header,
  rows: dataRows.map((r, i) => ({ cells: r.cells.slice(0, header.length), status: statusOf(i), errors: { de: '', en: '' } })),
});
