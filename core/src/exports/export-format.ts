import { numberChoiceParam } from '../shared/schemas.ts';

/** Export formats of spec 02 §3: 0 JSON, 1 CSV, 2 Excel. */
export const ExportFormat = { Json: 0, Csv: 1, Excel: 2 } as const;
export type ExportFormat = (typeof ExportFormat)[keyof typeof ExportFormat];

/** 0, 1 or 2; anything else is refused once, naming the field (`validation-number`). */
export const exportFormatSchema = numberChoiceParam([ExportFormat.Json, ExportFormat.Csv, ExportFormat.Excel]);

/** A column of an exported table: the field it reads and its header per language. */
export interface ExportColumn<Row> {
  key: string;
  header: { de: string; en: string };
  value: (row: Row) => string | number | boolean | null;
}
