import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_FAILED_IMPORT_FILE, seedDemoFailedImport } from './demo-failed-import.ts';
import { createHarness, type DemoUserName, type Harness } from '../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.reset();
  await seedDemoFailedImport(h.db, new Date(h.clock.now));
});

interface Item { kind: string; subjectName: string; subjectId: number; why: string; link: string }
const failedOf = async (user: DemoUserName) => (await h.as(user, 'GET', '/api/user/me/worklist')).json<{ items: Item[] }>().items.filter((i) => i.kind === 'importsFailed');

describe('the demo of failed imports (npm start)', () => {
  it('puts the nightly import with two failed rows on the import and object administrators\' worklists, linked to its entry and report', async () => {
    for (const user of ['importadmin', 'objectadmin'] as const) {
      const items = await failedOf(user);
      expect(items.map((i) => [i.subjectName, i.why])).toEqual([[DEMO_FAILED_IMPORT_FILE, '2 Zeilen sind fehlgeschlagen, nichts wurde gespeichert: Bericht lesen, Datei korrigieren und erneut importieren.']]);
      expect(items[0]!.link).toBe(`/import?importId=${items[0]!.subjectId}`);
    }
    expect(await failedOf('collector')).toEqual([]);
    const [item] = await failedOf('importadmin');
    const history = (await h.as('objectadmin', 'GET', '/api/import')).json<{ items: { id: number; outcome: string; failed: number }[] }>().items;
    expect(history).toEqual([expect.objectContaining({ id: item!.subjectId, outcome: 'failed', failed: 2 })]);
    const report = await h.as('objectadmin', 'GET', `/api/import/${item!.subjectId}/report`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const errors = workbook.worksheets[0]!.getColumn(13).values.slice(2).map(String);
    expect(errors).toEqual(['', 'Land: Unbekanntes Land „Deutschlnd“. Verwenden Sie den Ländercode (z. B. DE) oder den Namen.', 'OFF: Die Anteile der Objektklassen ergeben 90 % statt 100 %.', '']);
  });

  it('runs once', async () => {
    expect(await seedDemoFailedImport(h.db, new Date(h.clock.now))).toEqual({ seeded: false });
    expect((await h.db.selectFrom('imports').select('id').execute()).length).toBe(1);
  });
});
