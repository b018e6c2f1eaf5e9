// Certificates (issue 16, docs/certificates.md): issued with the close, as PDF and data for whom spec 02 §2, §4, §6
// allows, verified publicly; immutable in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { formatScore } from '@ecore/core/scoring/display.ts';
import { formatCertificateDate } from '@ecore/core/certificates/document.ts';
import { listCertificates } from '@ecore/adapters/db/certificates/certificates-repository.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { seedDemoReview } from '../../demo/demo-review.ts';
import { loadReferenceData } from '../scoring/stranding.ts';
import { createTemplateCache } from '../questionnaires/template-cache.ts';
import { issueAssetCertificate } from './issue.ts';
import { T0, createHarness, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
/** The demo data with the closed demo object and its certificate; read-only tests share one seeding. */
const seeded = async () => {
  await h.resetTo('certificates', async () => {
    await seedDemoQuestionnaires(h.db);
    await seedDemoReview(h.db, new Date(h.clock.now));
    await otherOrganisationAdmin();
  });
};
beforeAll(async () => {
  h = await createHarness();
  await seeded();
});
afterAll(async () => h.close());

const CLOSED = 'Wohn- und Geschäftshaus Bockenheim';
const RHEIN_MAIN = 'Portfolio Rhein-Main';
const assetId = async (name = CLOSED) => (await h.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const userId = async (name: string) => (await h.db.selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirstOrThrow()).id;
const DAY = 86_400_000;

const pdfText = async (body: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })).text.replace(/\s+/g, ' ');

/** An object administrator of another organisation (Testkonto GmbH), password demo1234. */
const otherOrganisationAdmin = async () => {
  const org = await h.db.selectFrom('organisations').select('id').where('name', '=', 'Testkonto GmbH').executeTakeFirstOrThrow();
  await sql`insert into users (user_name, email, first_name, last_name, organisation_id, roles, password_hash, status)
    select 'otheradmin', 'otheradmin@testkonto.example', 'Otto', 'Anders', ${org.id}, roles, password_hash, status from users where user_name = 'objectadmin'`.execute(h.db);
};
const asOther = async (url: string) => h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await h.login('otheradmin')}` } });

describe('issuing with the close (DOMAIN.md §6)', () => {
  afterAll(seeded);

  it('the demo review closes an object and issues its certificate with the score, the review data and a code', async () => {
    const id = await assetId();
    const [cert, ...more] = await listCertificates(h.db, 'asset', id);
    expect(more).toEqual([]);
    const score = (await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/score`)).json().result;
    const row = await h.db.selectFrom('asset_questionnaires').select(['id', 'evaluated_by', 'reviewed_by']).where('asset_id', '=', id).executeTakeFirstOrThrow();
    expect(cert).toMatchObject({
      subjectKind: 'asset',
      assetQuestionnaireId: row.id,
      labelName: 'ECORE Label 2025_01',
      ownerName: 'Musterimmobilien AG',
      subjectName: CLOSED,
      ecoreScore: score.ecore,
      financeScore: score.finance,
      taxonomy: { share: score.taxonomy.share, conforms: score.taxonomy.conforms },
      evaluatorName: row.evaluated_by,
      testerName: row.reviewed_by,
      testerOrganisation: expect.any(String),
      supersededBy: null,
    });
    expect(cert!.evaluatorName).toBe('Eva Gutachter');
    expect(cert!.clusters).toEqual(score.clusters.map((c: { clusterIdentifier: string; ratio: number | null; classification: string }) => ({ clusterIdentifier: c.clusterIdentifier, ratio: c.ratio, classification: c.classification })));
    expect(cert!.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);
  });

  it("the evaluator's close (PUT asset/state Closed) issues the object's certificate in the same change", async () => {
    const id = await assetId('Büro Campus Adlershof');
    const row = await h.db.selectFrom('asset_questionnaires').select('id').where('asset_id', '=', id).executeTakeFirstOrThrow();
    // Reviewed and sent to evaluation (the review itself is review.test.ts's).
    await h.db.updateTable('asset_answers').set({ state: 'ReviewAccepted', review_status: 'Approved' }).where('asset_questionnaire_id', '=', row.id).where('state', 'is not', null).execute();
    await h.db.updateTable('asset_questionnaires').set({ state: 'Evaluation' }).where('id', '=', row.id).execute();
    await h.db.updateTable('assets').set({ questionnaire_state: 'Evaluation' }).where('id', '=', id).execute();
    expect(await listCertificates(h.db, 'asset', id)).toEqual([]);
    h.clock.now = Date.parse('2026-03-15T10:00:00Z');
    const closed = await h.as('evaluator', 'PUT', `/api/asset/state?assetId=${id}&state=Closed&isBuyerAsset=false`);
    h.clock.now = T0;
    expect(closed.statusCode, closed.body).toBe(204);
    const [cert, ...more] = await listCertificates(h.db, 'asset', id);
    expect(more).toEqual([]);
    expect(cert).toMatchObject({ assetQuestionnaireId: row.id, subjectName: 'Büro Campus Adlershof', evaluatedAt: '2026-03-15', validUntil: '2027-03-14', evaluatorName: 'Eva Gutachter', testerName: 'Tom Tester' });
  });

  it('a demo database from before certificates gets the closed object its certificate at the next start, once', async () => {
    const id = await assetId();
    await sql`truncate certificates cascade`.execute(h.db);
    await seedDemoReview(h.db, new Date(h.clock.now));
    await seedDemoReview(h.db, new Date(h.clock.now));
    expect(await listCertificates(h.db, 'asset', id)).toHaveLength(1);
  });

  it('the evaluator accepting a group issues a certificate for each closed sheet and one for the portfolio', async () => {
    await seedDemoAnswers(h.db, new Date(h.clock.now));
    const group = (await h.db.selectFrom('asset_groups').select('id').where('name', '=', RHEIN_MAIN).executeTakeFirstOrThrow()).id;
    const objects = await h.db.selectFrom('assets').select(['id', 'latest_questionnaire_id']).where('asset_group_id', '=', group).orderBy('id').execute();
    const withSheet = objects.filter((o) => o.latest_questionnaire_id !== null);
    expect(withSheet.length).toBeGreaterThan(0);
    // Straight to the evaluator's decision: the group reviewed and passed (the workflow itself is group-review.test.ts's).
    const tester = await userId('tester');
    await h.db.updateTable('asset_groups').set({ status: 'ReviewPassed', tester_user_id: tester }).where('id', '=', group).execute();
    await h.db.insertInto('group_submissions').values({ asset_group_id: group, seed: 1, asset_ids: withSheet.map((o) => o.id), sampled_asset_ids: [withSheet[0]!.id], submitted_by: 'Olga Objekt' }).execute();
    for (const o of withSheet) await h.db.updateTable('asset_questionnaires').set({ state: 'Review', reviewed_by: 'Tom Tester' }).where('id', '=', o.latest_questionnaire_id!).execute();
    await h.db.updateTable('asset_questionnaires').set({ state: 'Evaluation' }).where('id', '=', withSheet[0]!.latest_questionnaire_id!).execute();

    expect((await h.as('objectadmin', 'GET', `/api/assetGroup/certificate/data?id=${group}`)).statusCode).toBe(404);
    expect((await h.as('evaluator', 'PUT', `/api/assetGroup/${group}/evaluate/?decision=true`)).statusCode).toBe(204);

    const [portfolio, ...none] = await listCertificates(h.db, 'group', group);
    expect(none).toEqual([]);
    const groupScore = (await h.as('objectadmin', 'GET', `/api/assetGroup/${group}/score`)).json().result;
    expect(portfolio).toMatchObject({ subjectKind: 'group', subjectName: RHEIN_MAIN, ownerName: 'Musterimmobilien AG', ecoreScore: groupScore.ecore, evaluatorName: 'Eva Gutachter', testerName: 'Tom Tester', labelName: 'ECORE Label 2025_01' });
    for (const o of withSheet) expect(await listCertificates(h.db, 'asset', o.id)).toHaveLength(1);

    const data = await h.as('objectadmin', 'GET', `/api/assetGroup/certificate/data?id=${group}`);
    expect(data.statusCode).toBe(200);
    expect(data.json()).toMatchObject({ status: 'valid', subjectName: RHEIN_MAIN, mayDownload: true });
    expect((await h.as('collector', 'GET', `/api/assetGroup/certificate/data?id=${group}`)).json().mayDownload).toBe(false);
    const res = await h.as('evaluator', 'GET', `/api/assetGroup/certificate?id=${group}`, undefined, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`ECORE-Label-2025_01-${RHEIN_MAIN}.pdf`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Portfolio');
    expect(text).toContain(RHEIN_MAIN);
    expect((await h.as('collector', 'GET', `/api/assetGroup/certificate?id=${group}`)).statusCode).toBe(403);
    expect((await asOther(`/api/assetGroup/certificate?id=${group}`)).statusCode).toBe(404);
    expect((await asOther(`/api/assetGroup/certificate/data?id=${group}`)).statusCode).toBe(404);
  });
});

describe('who gets the certificate of an object (spec 02 §2, §4, §6; 404 for the unseen)', () => {
  // user × data call × PDF call
  const TABLE: [DemoUserName, number, number][] = [
    ['admin', 200, 403],
    ['scoring', 404, 404],
    ['objectadmin', 200, 200],
    ['collector', 200, 403],
    ['analyst', 200, 403],
    ['tester', 200, 403],
    ['internaltester', 404, 404],
    ['evaluator', 200, 200],
    ['accountmanager', 200, 403],
    ['billing', 404, 404],
    ['importadmin', 404, 404],
    ['bank', 404, 404],
    ['buyer', 404, 404],
  ];
  it.each(TABLE)('%s: data %i, PDF %i', async (user, dataStatus, pdfStatus) => {
    const id = await assetId();
    const data = await h.as(user, 'GET', `/api/asset/certificate/data?id=${id}`);
    expect(data.statusCode, data.body.slice(0, 200)).toBe(dataStatus);
    if (dataStatus === 200) expect(data.json().mayDownload).toBe(pdfStatus === 200);
    const res = await h.as(user, 'GET', `/api/asset/certificate?id=${id}`);
    expect(res.statusCode).toBe(pdfStatus);
    if (pdfStatus === 200) expect(res.headers['content-type']).toBe('application/pdf');
    else expect(res.json().key).toBe(pdfStatus === 403 ? 'forbidden' : 'not-found');
  });

  it('an object administrator of another organisation gets 404 for data and PDF; an object without certificate answers 404', async () => {
    const id = await assetId();
    expect((await asOther(`/api/asset/certificate/data?id=${id}`)).statusCode).toBe(404);
    expect((await asOther(`/api/asset/certificate?id=${id}`)).statusCode).toBe(404);
    const open = await assetId('Büro Campus Adlershof');
    expect((await h.as('objectadmin', 'GET', `/api/asset/certificate/data?id=${open}`)).statusCode).toBe(404);
    expect((await h.as('objectadmin', 'GET', `/api/asset/certificate?id=${open}`)).statusCode).toBe(404);
    expect((await h.as('objectadmin', 'GET', '/api/asset/certificate?id=999999')).statusCode).toBe(404);
  });

  it('answers the data of the contract', async () => {
    const id = await assetId();
    const [cert] = await listCertificates(h.db, 'asset', id);
    const data = (await h.as('collector', 'GET', `/api/asset/certificate/data?id=${id}`)).json();
    expect(data).toEqual({
      code: cert!.code.match(/.{5}/g)!.join('-'),
      verificationUrl: `http://portal.test/certificate/verify/${cert!.code}`,
      status: 'valid',
      labelName: 'ECORE Label 2025_01',
      questionnaireName: '2025_01',
      ownerName: 'Musterimmobilien AG',
      subjectName: CLOSED,
      address: cert!.address,
      ecoreScore: cert!.ecoreScore,
      financeScore: cert!.financeScore,
      clusters: cert!.clusters,
      taxonomy: cert!.taxonomy,
      evaluatedAt: cert!.evaluatedAt,
      validUntil: cert!.validUntil,
      evaluatorName: 'Eva Gutachter',
      testerName: cert!.testerName,
      testerOrganisation: cert!.testerOrganisation,
      issuedAt: cert!.issuedAt,
      mayDownload: false,
    });
  });
});

describe('the PDF', () => {
  it('names owner, score and validity in German and in English, with a file name naming label and object', async () => {
    const id = await assetId();
    const [cert] = await listCertificates(h.db, 'asset', id);
    for (const language of ['de', 'en'] as const) {
      const res = await h.as('objectadmin', 'GET', `/api/asset/certificate?id=${id}`, undefined, language);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
      expect(decodeURIComponent(res.headers['content-disposition']!.split("UTF-8''")[1]!)).toBe(`ECORE-Label-2025_01-${CLOSED}.pdf`);
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('Musterimmobilien AG');
      // The score as points, the title with the year, the version code in small print, the clusters named.
      expect(text).toContain(`${formatScore(cert!.ecoreScore, language)} ${language === 'de' ? 'von 100 Punkten' : 'of 100 points'}`);
      expect(text).not.toContain(`${formatScore(cert!.ecoreScore, language)} %`);
      expect(text).toMatch(/ECORE Label 2025(?!_)/);
      expect(text).toContain(language === 'de' ? 'Fragebogenversion 2025_01' : 'Questionnaire version 2025_01');
      expect(text).toContain(language === 'de' ? 'II Verbrauch und Emissionen' : 'II Consumption and emissions');
      expect(text).toContain(formatCertificateDate(cert!.validUntil, language));
      expect(text).toContain(cert!.code.match(/.{5}/g)!.join('-'));
      expect(text.toLowerCase()).toContain(language === 'de' ? 'gültig bis' : 'valid until');
      expect(text).toContain('Eva Gutachter');
    }
  });
});

describe('the PDF renderer under several requests', () => {
  it('documents printed at once or one after another on reused pages each hold only their own content', async () => {
    const id = await assetId();
    const token = await h.login('objectadmin');
    const get = (language: string) => h.app.inject({ method: 'GET', url: `/api/asset/certificate?id=${id}`, headers: { authorization: `Bearer ${token}`, 'accept-language': language } });
    const check = async (res: Awaited<ReturnType<typeof get>>, language: 'de' | 'en') => {
      expect(res.statusCode).toBe(200);
      const text = (await pdfText(res.rawPayload)).toLowerCase();
      expect(text).toContain(language === 'de' ? 'gültig bis' : 'valid until');
      expect(text).not.toContain(language === 'de' ? 'valid until' : 'gültig bis');
    };
    const [de, en, de2] = await Promise.all([get('de'), get('en'), get('de')]);
    await check(de, 'de');
    await check(en, 'en');
    await check(de2, 'de');
    for (const language of ['en', 'de', 'en'] as const) await check(await get(language), language);
  });
});

describe('public verification', () => {
  const verify = (code: string) => h.app.inject({ method: 'GET', url: `/api/certificate/verify/${encodeURIComponent(code)}` });

  it('a valid code answers valid with label, owner, subject, score, validity and the audit chain hash at issue, without signing in, however it is typed', async () => {
    const [cert] = await listCertificates(h.db, 'asset', await assetId());
    expect(cert!.chainHash).toMatch(/^[0-9a-f]{64}$/);
    const expected = { status: 'valid', labelName: 'ECORE Label 2025_01', ownerName: 'Musterimmobilien AG', subjectName: CLOSED, ecoreScore: cert!.ecoreScore, evaluatedAt: cert!.evaluatedAt, validUntil: cert!.validUntil, chainHash: cert!.chainHash };
    expect((await verify(cert!.code)).json()).toEqual(expected);
    expect((await verify(cert!.code.match(/.{5}/g)!.join('-').toLowerCase())).json()).toEqual(expected);
  });

  it('expired the day after valid until', async () => {
    const [cert] = await listCertificates(h.db, 'asset', await assetId());
    h.clock.now = Date.parse(`${cert!.validUntil}T12:00:00Z`);
    expect((await verify(cert!.code)).json().status).toBe('valid');
    h.clock.now += DAY;
    expect((await verify(cert!.code)).json().status).toBe('expired');
    h.clock.now = T0;
  });

  it('superseded once a re-evaluation issues a new certificate; the new one is the current', async () => {
    const id = await assetId();
    const [first] = await listCertificates(h.db, 'asset', id);
    const templates = createTemplateCache(h.db);
    const row = await h.db.selectFrom('asset_questionnaires').select('questionnaire_id').where('asset_id', '=', id).executeTakeFirstOrThrow();
    const template = (await templates.get(row.questionnaire_id))!;
    const inputs = { templates: new Map([[template.id, template]]), referenceData: await loadReferenceData(h.db) };
    const second = await h.db.transaction().execute((trx) => issueAssetCertificate(trx, id, inputs, new Date(h.clock.now + DAY)));
    expect((await verify(first!.code)).json().status).toBe('superseded');
    expect((await verify(second!.code)).json().status).toBe('valid');
    expect((await h.as('objectadmin', 'GET', `/api/asset/certificate/data?id=${id}`)).json().code).toBe(second!.code.match(/.{5}/g)!.join('-'));
  });

  it('an unknown or malformed code answers only unknown', async () => {
    expect((await verify('ABCDE-FGHJK-MNPQR-STVWX')).json()).toEqual({ status: 'unknown' });
    expect((await verify('not-a-code')).json()).toEqual({ status: 'unknown' });
  });

  it('is rate limited per address', async () => {
    let last = 0;
    for (let i = 0; i < 31; i += 1) last = (await h.app.inject({ method: 'GET', url: '/api/certificate/verify/ABCDE', remoteAddress: '10.9.9.9' })).statusCode;
    expect(last).toBe(429);
  });
});

describe('immutability', () => {
  it('the database refuses to change the figures of a certificate, to delete it, or to supersede it twice', async () => {
    const [cert] = await listCertificates(h.db, 'asset', await assetId());
    await expect(sql`update certificates set ecore_score = 99 where id = ${cert!.id}`.execute(h.db)).rejects.toThrow(/immutable/);
    await expect(sql`update certificates set owner_name = 'Someone' where id = ${cert!.id}`.execute(h.db)).rejects.toThrow(/immutable/);
    await expect(sql`update certificates set valid_until = '2099-01-01' where id = ${cert!.id}`.execute(h.db)).rejects.toThrow(/immutable/);
    await expect(sql`delete from certificates where id = ${cert!.id}`.execute(h.db)).rejects.toThrow(/never deleted/);
    expect((await listCertificates(h.db, 'asset', await assetId()))[0]).toEqual(cert);
  });
});

describe('without a browser', () => {
  let broken: Harness;
  beforeAll(async () => {
    broken = await createHarness({ chromiumPath: '/nonexistent/chromium' });
  });
  afterAll(async () => broken.close());

  it('answers 503 certificate-renderer-unavailable at once, never hangs', async () => {
    await broken.reset();
    await seedDemoQuestionnaires(broken.db);
    await seedDemoReview(broken.db, new Date(broken.clock.now));
    const id = (await broken.db.selectFrom('assets').select('id').where('name', '=', CLOSED).executeTakeFirstOrThrow()).id;
    const started = Date.now();
    const res = await broken.as('objectadmin', 'GET', `/api/asset/certificate?id=${id}`, undefined, 'en');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ statusCode: 503, key: 'certificate-renderer-unavailable', message: 'The certificate cannot be produced as a PDF right now. Please try again later.' });
    expect((await broken.as('objectadmin', 'GET', `/api/asset/certificate/data?id=${id}`)).statusCode).toBe(200);
  });
});
