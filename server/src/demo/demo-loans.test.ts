import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { bearer, createHarness, multipartFile, type Harness } from '../testing/harness.ts';
import { seedDemoAnswers } from './demo-answers.ts';
import { seedDemoExports } from './demo-exports.ts';
import { DEMO_LOANS, seedDemoLoans } from './demo-loans.ts';
import { seedDemoReview } from './demo-review.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await h.resetTo('bank-demo', async () => {
    const at = new Date(h.clock.now);
    await seedDemoQuestionnaires(h.db);
    await seedDemoAnswers(h.db, at);
    await seedDemoReview(h.db, at);
    await seedDemoExports(h.db, at);
    await seedDemoLoans(h.db, at);
    await seedDemoLoans(h.db, at);
  });
});
afterAll(async () => h.close());

describe('the demo bank’s loans', () => {
  it('mix every data quality case and all three taxonomy results, right after the start', async () => {
    const res = await h.app.inject({ url: '/api/bank/portfolio', headers: bearer(await h.login('bank')) });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ reportingDate: string; loans: { loanId: string; dataQualityScore: number; basis: string; taxonomy: { result: string } }[] }>();
    expect(body.reportingDate).toBe('2025-12-31');
    expect(body.loans.map((l) => l.loanId)).toEqual(DEMO_LOANS.map((l) => l[0]));
    const cases = new Set(body.loans.map((l) => `${l.dataQualityScore}/${l.basis}`));
    for (const expected of ['2/consumption', '3/epc', '4/consumption', '4/average', '5/none']) expect(cases).toContain(expected);
    expect(new Set(body.loans.map((l) => l.taxonomy.result))).toEqual(new Set(['aligned', 'notAligned', 'unknown']));
    // Each loan as docs/banks.md "Demo" describes it.
    expect(body.loans.map((l) => [l.loanId, l.dataQualityScore, l.basis, l.taxonomy.result, (l.taxonomy as { rule?: string }).rule])).toEqual([
      ['K-2025-001', 2, 'consumption', 'notAligned', 'top15Percent'],
      ['K-2025-002', 2, 'consumption', 'aligned', 'classA'],
      ['K-2025-003', 3, 'epc', 'aligned', 'top15Percent'],
      ['K-2025-004', 4, 'consumption', 'unknown', 'epcMissing'],
      ['K-2025-005', 4, 'average', 'unknown', 'epcExpired'],
      ['K-2025-006', 5, 'none', 'unknown', 'epcMissing'],
    ]);
  });
});

describe('the demo tape file', () => {
  it('docs/bank-loan-tape-demo.csv is the demo tape: its preview changes nothing', async () => {
    const bytes = await readFile(new URL('../../../docs/bank-loan-tape-demo.csv', import.meta.url));
    const file = multipartFile('bank-loan-tape-demo.csv', bytes, 'text/csv');
    const res = await h.app.inject({ method: 'POST', url: '/api/bank/loans/import', headers: { ...bearer(await h.login('bank')), 'content-type': file.contentType }, payload: file.body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: true, created: 0, updated: 0, unchanged: DEMO_LOANS.length, failed: 0 });
  });
});
