import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import type { Language } from '@ecore/core/shared/language.ts';
import type { QuestionnaireTemplate } from '@ecore/core/questionnaires/template.ts';
import { neutraliseRow } from '@ecore/core/exports/spreadsheet-cells.ts';
import { clusterName, EXPORT_COLUMNS, EXPORT_SHEETS, exportRows, type ExportColumn } from '@ecore/core/questionnaires/template-export.ts';

const columns = Object.keys(EXPORT_COLUMNS) as ExportColumn[];

/** JSON export: the whole template as the API describes it. */
export const questionnaireJson = (template: QuestionnaireTemplate, language: Language): Buffer =>
  Buffer.from(JSON.stringify({ language, ...template }, null, 2), 'utf8');

/** CSV export: one line per question, semicolon-separated with a BOM so that spreadsheet programs read the umlauts. */
export const questionnaireCsv = (template: QuestionnaireTemplate, language: Language): Buffer => {
  const rows = exportRows(template, language);
  const text = stringify([columns.map((c) => EXPORT_COLUMNS[c][language]), ...rows.map((r) => neutraliseRow(columns.map((c) => r[c])))], { delimiter: ';' });
  return Buffer.from(`\uFEFF${text}`, 'utf8');
};

/** Excel export: a metadata sheet with the cluster weights and a sheet of every question. */
export const questionnaireExcel = async (template: QuestionnaireTemplate, language: Language): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  book.creator = 'ECORE';
  const meta = book.addWorksheet(EXPORT_SHEETS.metadata[language]);
  meta.columns = [{ width: 28 }, { width: 40 }, { width: 14 }];
  meta.addRows(([
    [EXPORT_SHEETS.title[language], template.title],
    [EXPORT_SHEETS.version[language], template.version],
    [EXPORT_SHEETS.state[language], template.state],
    [EXPORT_SHEETS.type[language], template.type],
    [EXPORT_SHEETS.modifiedBy[language], template.modifiedBy],
    [EXPORT_SHEETS.modifiedDate[language], template.modifiedDate],
    [],
    [EXPORT_COLUMNS.cluster[language], EXPORT_SHEETS.weight[language], EXPORT_SHEETS.financeWeight[language]],
    ...template.clusters.map((c, i) => [clusterName(i, language), c.weight, c.financeWeight]),
  ] as unknown[][]).map(neutraliseRow));
  meta.getColumn(1).font = { bold: true };

  const sheet = book.addWorksheet(EXPORT_SHEETS.questions[language]);
  sheet.columns = columns.map((c) => ({ header: EXPORT_COLUMNS[c][language], key: c, width: c === 'title' || c === 'description' || c === 'options' ? 50 : 16 }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of exportRows(template, language)) sheet.addRow(neutraliseRow(columns.map((c) => row[c])));
  return Buffer.from(await book.xlsx.writeBuffer());
};
