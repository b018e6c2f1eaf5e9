import type { Kysely } from 'kysely';
import { failedImportCounts, failedImportReport } from '@ecore/core/imports/failed-imports.ts';
import type { RowProblem, RowStatus } from '@ecore/core/imports/import-table.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { insertFailedImport } from '@ecore/adapters/db/imports/imports-repository.ts';

/** The demo's failed import: the owner's nightly object file, sent by an API token, two of its four rows failed. */
export const DEMO_FAILED_IMPORT_FILE = 'objekte-nachtlauf.csv';

const HEADER = ['Externe ID', 'Objektname', 'Objektgruppe', 'Land', 'Ort', 'PLZ', 'Straße', 'Hausnummer', 'Bruttogrundfläche (BGF) in m²', 'OFF', 'RESI'];
const ROWS: { cells: (string | number | null)[]; status: RowStatus; errors: RowProblem[] }[] = [
  { cells: ['MU-101', 'Bürohaus Isartor', 'Portfolio München', 'DE', 'München', '80331', 'Tal', '12', '4.200', 100, null], status: 'created', errors: [] },
  { cells: ['MU-102', 'Wohnhaus Giesing', 'Portfolio München', 'Deutschlnd', 'München', '81539', 'Tegernseer Landstraße', '75', '2.850', null, 100], status: 'failed', errors: [{ column: 'Land', key: 'import-unknown-country', params: { value: 'Deutschlnd' } }] },
  { cells: ['MU-103', 'Geschäftshaus Sendling', 'Portfolio München', 'DE', 'München', '81369', 'Albert-Roßhaupter-Straße', '3', '3.100', 60, 30], status: 'failed', errors: [{ column: 'OFF', key: 'import-shares-total', params: { total: 90 } }] },
  { cells: ['MU-104', 'Lager Freiham', 'Portfolio München', 'DE', 'München', '81248', 'Freihamer Allee', '9', '1.900', 100, null], status: 'created', errors: [] },
];

/**
 * Demo data of failed imports (docs/import.md "Failed imports"): the owner's nightly import through an API token
 * (the import administrator's) was refused early this morning because two rows failed, so that right after
 * `npm start` the import administrator and the object administrator find it on their worklist and, one click on, in
 * the import page's history with its report. Once.
 */
export async function seedDemoFailedImport(db: Kysely<DB>, at: Date): Promise<{ seeded: boolean }> {
  const importer = await db
    .selectFrom('users')
    .innerJoin('organisations', 'organisations.id', 'users.organisation_id')
    .select(['users.id', 'users.first_name', 'users.last_name', 'organisations.id as organisationId'])
    .where('users.user_name', '=', 'importadmin')
    .where('organisations.name', '=', 'Musterimmobilien AG')
    .executeTakeFirst();
  if (!importer) return { seeded: false };
  if (await db.selectFrom('imports').select('id').where('file_name', '=', DEMO_FAILED_IMPORT_FILE).executeTakeFirst()) return { seeded: false };
  await insertFailedImport(db, {
    organisationId: importer.organisationId,
    userId: importer.id,
    userName: `${importer.first_name} ${importer.last_name}`,
    kind: 'assets',
    fileName: DEMO_FAILED_IMPORT_FILE,
    outcome: 'failed',
    counts: failedImportCounts(ROWS),
    report: failedImportReport(HEADER, ROWS, ROWS),
    // Two in the morning of the day, or six hours ago when it is earlier than that.
    at: new Date(Math.min(at.getTime() - 6 * 3_600_000, Date.parse(`${at.toISOString().slice(0, 10)}T02:00:00Z`))),
  });
  return { seeded: true };
}
