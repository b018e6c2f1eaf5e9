import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportBlocker, exportCall, type ExportRoute } from './export-dialog.ts';

const routes: ExportRoute[] = [{ kind: 'objectExport', assetId: 4 }, { kind: 'objectGroupExport', groupId: 9 }, { kind: 'customerDataExport' }];

describe('the export dialog (spec 02 §2, §5)', () => {
  it('the button stays disabled until a language and a format are chosen, on every route', () => {
    fc.assert(
      fc.property(fc.constantFrom(...routes), fc.option(fc.constantFrom('de' as const, 'en' as const), { nil: null }), fc.option(fc.constantFrom(1 as const, 2 as const), { nil: null }), (route, language, format) => {
        const blocker = exportBlocker(route, { language, format, assets: 'all' });
        expect(blocker === null).toBe(language !== null && format !== null);
      }),
    );
  });

  it('a group export needs at least one chosen object; the other routes choose none', () => {
    expect(exportBlocker({ kind: 'objectGroupExport', groupId: 9 }, { language: 'en', format: 2, assets: [] })).toBe('assets');
    expect(exportBlocker({ kind: 'customerDataExport' }, { language: 'en', format: 2, assets: [] })).toBeNull();
    expect(exportBlocker({ kind: 'objectExport', assetId: 4 }, { language: 'de', format: 1, assets: [] })).toBeNull();
  });

  it('each route calls its export (spec 02 §7); a group names the chosen objects only when they are a part', () => {
    expect(exportCall({ kind: 'objectExport', assetId: 4 }, { language: 'de', format: 1, assets: 'all' })).toEqual({ path: 'export/questionnaire/4/latest', query: { exportFormat: 1, language: 'de' } });
    expect(exportCall({ kind: 'customerDataExport' }, { language: 'en', format: 2, assets: 'all' })).toEqual({ path: 'export/customerData', query: { exportFormat: 2, language: 'en' } });
    expect(exportCall({ kind: 'objectGroupExport', groupId: 9 }, { language: 'en', format: 2, assets: 'all' })).toEqual({ path: 'export/assetgroup/9', query: { exportFormat: 2, language: 'en' } });
    expect(exportCall({ kind: 'objectGroupExport', groupId: 9 }, { language: 'en', format: 2, assets: [2] })).toEqual({ path: 'export/assetgroup/9', query: { exportFormat: 2, language: 'en', Assets: [2] } });
  });
});
