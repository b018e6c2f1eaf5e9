import { wholeNumberParam } from '../shared/schemas.ts';

/** Export formats of spec 02 §3: 0 JSON, 1 CSV, 2 Excel. */
export const ExportFormat = { Json: 0, Csv: 1, Excel: 2 } as const;
export type ExportFormat = (typeof ExportFormat)[keyof typeof ExportFormat];

export const exportFormatSchema = wholeNumberParam(0, 2)
  .refine((n): n is ExportFormat => n === 0 || n === 1 || n === 2, { error: 'validation-generic' });

/** A column of an exported table: the field it reads and its header per language. */
export interface ExportColumn<Row> {
  key: string;
  header: { de: string; en: string };
  value: (row: Row) => string | number | boolean | null;
}
