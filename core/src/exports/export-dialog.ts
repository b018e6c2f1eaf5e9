import type { Language } from '../shared/language.ts';
import { ExportFormat } from './export-format.ts';

/**
 * The export dialog of the finance partners' area (spec 02 §2: "export dialog with language and format, behaviour
 * depending on route (objectExport, customerDataExport, objectGroupExport)"; §5: the export button is disabled until
 * the language and the format are chosen). The dialog offers CSV (1) and Excel (2) (spec 02 §3).
 */
export type ExportRoute =
  | { kind: 'objectExport'; assetId: number }
  | { kind: 'objectGroupExport'; groupId: number }
  | { kind: 'customerDataExport' };

export const DIALOG_FORMATS = [ExportFormat.Csv, ExportFormat.Excel] as const;
export type DialogFormat = (typeof DIALOG_FORMATS)[number];

export interface ExportChoice {
  language: Language | null;
  format: DialogFormat | null;
  /** objectGroupExport: all of the group's objects (the preset), or those chosen. */
  assets: 'all' | readonly number[];
}

/** Why the export button is disabled (null: it is enabled). */
export type ExportBlocker = 'language' | 'format' | 'assets';

export const exportBlocker = (route: ExportRoute, choice: ExportChoice): ExportBlocker | null => {
  if (choice.language === null) return 'language';
  if (choice.format === null) return 'format';
  if (route.kind === 'objectGroupExport' && choice.assets !== 'all' && choice.assets.length === 0) return 'assets';
  return null;
};

/**
 * The call of a ready choice: path under /api and its query (spec 02 §7). A group's export names the chosen objects
 * (`Assets` repeated) only for a part of the group: all of them is the group's whole export, however many it holds.
 */
export const exportCall = (
  route: ExportRoute,
  choice: { language: Language; format: DialogFormat; assets: 'all' | readonly number[] },
): { path: string; query: Record<string, number | string | readonly number[]> } => {
  const query = { exportFormat: choice.format, language: choice.language };
  switch (route.kind) {
    case 'objectExport':
      return { path: `export/questionnaire/${route.assetId}/latest`, query };
    case 'objectGroupExport':
      return { path: `export/assetgroup/${route.groupId}`, query: choice.assets === 'all' ? query : { ...query, Assets: [...choice.assets] } };
    case 'customerDataExport':
      return { path: 'export/customerData', query };
  }
};
