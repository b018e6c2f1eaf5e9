import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { testDatabases } from '@ecore/adapters/db/testing/test-databases.ts';
import type { Database } from '@ecore/adapters/db/database.ts';
import { bearer, createHarness, databaseSnapshot, type Harness } from '../testing/harness.ts';

// Issue 18 "Faults": a crash in the middle of a multi-row change leaves no partial change (one transaction), and an
// upload is never half stored (a file without its row, or a row without its file). The crash is a failure injected
// into the statement that writes the second part, as a dropped connection or a killed process would leave it.

/** Throws on the `nth` write (insert or update) into `table` while armed. */
const crash = { table: '', nth: 0, seen: 0 };
const arm = (table: string, nth: number) => Object.assign(crash, { table, nth, seen: 0 });
const disarm = () => Object.assign(crash, { table: '' });
const writesTo = (node: OperationNode, table: string) =>
  node.kind === 'RawNode'
    ? new RegExp(`\\b(update|insert into)\\s+${table}\\b`).test((node as unknown as { sqlFragments: string[] }).sqlFragments.join(' '))
    : (node.kind === 'InsertQueryNode' || node.kind === 'UpdateQueryNode') && JSON.stringify(node).includes(`"kind":"IdentifierNode","name":"${table}"`);
const crashPlugin: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (crash.table && writesTo(args.node, crash.table) && ++crash.seen === crash.nth) throw new Error(`injected crash at write ${crash.nth} into ${crash.table}`);
    return args.node;
  },
  transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => args.result,
};

let h: Harness;
let database: Database;
beforeAll(async () => {
  const kind = process.env.HARNESS_DATABASE === 'postgres' ? 'postgres' : 'pglite';
  database = await testDatabases().find((d) => d.name === kind)!.open();
  h = await createHarness({}, { ...database, db: database.db.withPlugin(crashPlugin) });
});
afterAll(async () => {
  await h.close();
  await database.close();
});
beforeEach(async () => {
  disarm();
  await h.resetTo('templates', async () => {
    await seedDemoQuestionnaires(h.db);
  });
});

interface Question {
  id: number;
  type: string;
  options: { id: number; isExclusive: boolean }[];
}
interface Filled {
  id: number;
  clusters: { categories: { sections: { questions: Question[] }[] }[] }[];
}
const assetId = async (name: string) => (await h.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const start = async (name: string) => {
  const id = await assetId(name);
  const res = await h.as('collector', 'POST', `/api/asset/${id}/questionnaire`);
  expect(res.statusCode, res.body).toBe(201);
  return { id, filled: res.json<Filled>() };
};
const answersFor = (id: number, filled: Filled) =>
  filled.clusters
    .flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions)))
    .filter((q) => q.type === 'ValueQuestion')
    .slice(0, 3)
    .map((q) => ({ assetId: id, questionId: q.id, inputAnswer: 12.5 }));

describe('a crash in the middle of a multi-row change', () => {
  it('saving answers of two objects at once stores nothing when the second object’s write fails', async () => {
    const office = await start('Bürohaus Mainzer Landstraße');
    const hotel = await start('Hotel am Rheinufer');
    const body = [...answersFor(office.id, office.filled), ...answersFor(hotel.id, hotel.filled)];
    const token = await h.login('collector');
    const before = await databaseSnapshot(h.db);
    arm('asset_answers', 2);
    const res = await h.app.inject({ method: 'PUT', url: '/api/asset/answer', headers: bearer(token), payload: body });
    disarm();
    expect(crash.seen, res.body).toBeGreaterThanOrEqual(2);
    expect(res.statusCode).toBe(500);
    expect(await databaseSnapshot(h.db)).toEqual(before);
    // The same change without the crash is stored whole.
    const again = await h.app.inject({ method: 'PUT', url: '/api/asset/answer', headers: bearer(token), payload: body });
    expect(again.statusCode, again.body).toBe(200);
    expect(await databaseSnapshot(h.db)).not.toEqual(before);
  });
});

describe('uploads are never half stored', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const upload = async (answerId: number) => {
    const boundary = '----ecoreFaults';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Nachweis.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return h.app.inject({ method: 'PUT', url: `/api/asset/answer/${answerId}/document`, headers: { ...bearer(await h.login('collector')), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  };
  const answered = async () => {
    const office = await start('Bürohaus Mainzer Landstraße');
    const res = await h.as('collector', 'PUT', '/api/asset/answer', answersFor(office.id, office.filled).slice(0, 1));
    return res.json<{ answers: { id: number }[] }>().answers[0]!.id;
  };

  it('when the row cannot be written, the stored file is removed again', async () => {
    const answerId = await answered();
    const files = h.files.files.size;
    const before = await databaseSnapshot(h.db);
    arm('asset_answer_documents', 1);
    expect((await upload(answerId)).statusCode).toBe(500);
    disarm();
    expect(h.files.files.size).toBe(files);
    expect(await databaseSnapshot(h.db)).toEqual(before);
  });

  it('when the file cannot be stored, no row names it', async () => {
    const answerId = await answered();
    const before = await databaseSnapshot(h.db);
    const put = h.files.put;
    h.files.put = async () => {
      throw new Error('disk full');
    };
    try {
      expect((await upload(answerId)).statusCode).toBe(500);
    } finally {
      h.files.put = put;
    }
    expect(await databaseSnapshot(h.db)).toEqual(before);
    expect((await upload(answerId)).statusCode).toBe(201);
  });
});
