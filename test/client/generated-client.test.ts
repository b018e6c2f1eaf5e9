// A client generated from the published description works without glue: openapi-typescript makes the types from
// /api/openapi.json of a listening portal, the TypeScript compiler checks test/client/example.ts against them (ids
// passed on as the numbers the API answers), and the program runs against that portal.
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from '@ecore/server/demo/demo-answers.ts';
import { createHarness, type Harness } from '@ecore/server/testing/harness.ts';

const EXAMPLE = fileURLToPath(new URL('./example.ts', import.meta.url));
const GENERATED = fileURLToPath(new URL('./ecore-api.d.ts', import.meta.url));

interface ExampleResult {
  total: number;
  pageSize: number;
  object: { id: number; name: string };
  questionnaires: number;
  score: { questionnaireId: number; ecore: number | null };
  saved: { questionId: number; inputAnswer: number | null }[];
  missing: { status: number; key?: string; message?: string };
}

let h: Harness;
let baseUrl = '';
beforeAll(async () => {
  h = await createHarness();
  await h.resetTo('answers', async () => {
    await seedDemoQuestionnaires(h.db);
    await seedDemoAnswers(h.db, new Date(h.clock.now));
  });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => h?.close());

/** The compiler's errors for the example, checked with the repository's strict settings. */
const compilerErrors = (): string[] => {
  const config = ts.getParsedCommandLineOfConfigFile(fileURLToPath(new URL('../../tsconfig.base.json', import.meta.url)), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  const program = ts.createProgram([EXAMPLE], { ...config!.options, noEmit: true, types: ['node'] });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? `${d.file.fileName.split('/').slice(-2).join('/')}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
};

it('generates a typed client from the published description, type-checks a program that passes the API’s numbers on unconverted, and runs it', async () => {
  const description = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
  writeFileSync(GENERATED, astToString(await openapiTS(description)));

  expect(compilerErrors()).toEqual([]);

  // Imported by address: the repository's typecheck cannot see the generated types, this test checks them above.
  const { example } = (await import(new URL('./example.ts', import.meta.url).href)) as { example: (baseUrl: string, userName: string, password: string) => Promise<ExampleResult> };
  const result = await example(baseUrl, 'collector', 'demo1234');
  expect(result.pageSize).toBe(10);
  expect(result.total).toBeGreaterThan(0);
  expect(result.object.id).toEqual(expect.any(Number));
  expect(result.questionnaires).toBeGreaterThan(0);
  expect(result.score.questionnaireId).toEqual(expect.any(Number));
  expect(result.saved).toEqual([{ questionId: expect.any(Number), inputAnswer: 1234 }]);
  expect(result.missing).toEqual({ status: 404, key: 'not-found', message: expect.any(String) });
}, 120_000);

it('would not compile a program that sends an id as text, where the description says integer', async () => {
  // The same check that passes above fails for a string id: the types come from the description, not from `any`.
  const description = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
  const types = astToString(await openapiTS(description));
  const source = `${types}\ntype Id = paths['/api/asset/{id}']['get']['parameters']['path']['id'];\nconst id: Id = '1';\nexport { id };\n`;
  const file = 'wrong.ts';
  const host = ts.createCompilerHost({ strict: true, noEmit: true, skipLibCheck: true });
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) => (name === file ? ts.createSourceFile(name, source, version) : read(name, version));
  const program = ts.createProgram([file], { strict: true, noEmit: true, skipLibCheck: true, types: [] }, host);
  const messages = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  expect(messages).toEqual([expect.stringContaining("Type 'string' is not assignable to type 'number'")]);
});

it('is the program the README shows', () => {
  const program = readFileSync(EXAMPLE, 'utf8');
  const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
  expect(readme).toContain(`\`\`\`ts\n${program.slice(program.indexOf('import createClient'))}\`\`\``);
});
