// Issue 18: tenant isolation and object-level authorisation over every route (OWASP API1/API5, ASVS 8.2.2,
// 8.4.1). Generated from the published OpenAPI description: every operation that takes an id (in its path, its
// query or its body) is called with a real id of organisation A's resource of the right kind, as (a) a user of
// another organisation holding every role an organisation may give its own people, and (b) every demo role of
// organisation A that the specification refuses the call. Each must be refused (404 where the data is not the
// caller's to see, DOMAIN.md §1; 403 where the caller sees it but may not do this, spec 01 §6 / 02 §6) and leave
// the database unchanged. An operation of the description that TARGETS does not name fails the suite.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Role } from '@ecore/core/identity/roles.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from '../demo/demo-answers.ts';
import { seedDemoReview } from '../demo/demo-review.ts';
import { bearer, createHarness, multipartFile, databaseSnapshot, type DemoUserName, type Harness } from '../testing/harness.ts';

let h: Harness;

const ACTIVE = 'Bürohaus Mainzer Landstraße'; // filled questionnaire Active, every question answered, a document
const IN_REVIEW = 'Büro Campus Adlershof'; // in Review, assigned to the demo tester
const CLOSED = 'Wohn- und Geschäftshaus Bockenheim'; // closed, with its certificate
const GROUP = 'Portfolio Rhein-Main';
const INTRUDER = 'intruder';
/**
 * The users of other organisations: `intruder` (an ordinary organisation, every role of its own people), the
 * demo finance partner's `bank` (ObjectAdministrator and AccountManager; it sees its buyers' objects for export
 * only) and the demo buyer organisation's `buyer` (its access request to another object is pending).
 */
const OUTSIDERS = [INTRUDER, 'bank', 'buyer'] as const;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * The demo data with filled questionnaires in every state, a stored answer document, an API token, an import
 * and an access request of organisation A (Musterimmobilien AG), and organisation B (Fremdverwaltung GmbH, an
 * ordinary organisation) whose user `intruder` holds every role an organisation gives its own people.
 */
const seedIsolation = async () => {
  await seedDemoQuestionnaires(h.db);
  await seedDemoAnswers(h.db, new Date(h.clock.now - 5 * 86_400_000));
  await seedDemoReview(h.db, new Date(h.clock.now));
  const org = await h.db
    .insertInto('organisations')
    .values({ name: 'Fremdverwaltung GmbH', street: 'Fremdweg', number: '1', zip: '20095', city: 'Hamburg', country: 'DE' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const roles = [Role.ObjectAdministrator, Role.ObjectDataCollector, Role.ObjectAnalyst, Role.AccountManager, Role.ImportAdmin, Role.BillingManager];
  await sql`insert into users (user_name, email, first_name, last_name, organisation_id, roles, password_hash, status)
    select ${INTRUDER}, 'intruder@fremdverwaltung.example', 'Ivan', 'Fremd', ${org.id}, ${sql.raw(`array[${roles.join(",")}]::int[]`)}, password_hash, status
    from users where user_name = 'objectadmin'`.execute(h.db);
  // A document on an answer of the active questionnaire, an API token and an import of organisation A.
  const answer = await answerOf(ACTIVE);
  const { body, contentType } = multipartFile('nachweis.pdf', PDF, 'application/pdf');
  const uploaded = await h.app.inject({ method: 'PUT', url: `/api/asset/answer/${answer}/document`, headers: { ...bearer(await h.login('collector')), 'content-type': contentType }, payload: body });
  if (uploaded.statusCode >= 300) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
  const token = await h.app.inject({ method: 'POST', url: '/api/user/apiTokens', headers: bearer(await h.login('objectadmin')), payload: { name: 'Isolation', scopes: ['read'], expiresAt: '2027-01-31' } });
  if (token.statusCode !== 201) throw new Error(`token: ${token.statusCode} ${token.body}`);
  const csv = multipartFile('objekte.csv', Buffer.from('\ufeffExterne ID;Objektname;Objektgruppe;Land;Ort;PLZ;Straße;Hausnummer;Bruttogrundfläche (BGF) in m²;OFF;RESI\r\nI-1;Isolationshaus;Portfolio Isolation;DE;Köln;50667;Domkloster;4;1250;100;\r\n', 'utf8'), 'text/csv');
  const imported = await h.app.inject({ method: 'POST', url: '/api/import/assets?dryRun=false', headers: { ...bearer(await h.login('importadmin')), 'content-type': csv.contentType }, payload: csv.body });
  if (imported.statusCode >= 300) throw new Error(`import: ${imported.statusCode} ${imported.body}`);
  // A passkey of organisation A's object administrator (its public key is never used here).
  const objectadmin = await h.db.selectFrom('users').select('id').where('user_name', '=', 'objectadmin').executeTakeFirstOrThrow();
  await h.db.insertInto('user_passkeys').values({ user_id: objectadmin.id, credential_id: 'isolation-credential', public_key: 'AA', counter: 0, name: 'Isolation', created_at: new Date(h.clock.now) }).execute();
  // A webhook of organisation A (stored directly: its URL's name need not resolve here).
  const orgA = await h.db.selectFrom('organisations').select('id').where('name', '=', 'Musterimmobilien AG').executeTakeFirstOrThrow();
  await h.db.insertInto('webhook_subscriptions').values({ organisation_id: orgA.id, url: 'https://hooks.musterimmobilien.example/ecore', events: ['certificate.issued'], secret_encrypted: 'v1.x.y.z', created_by: null, created_at: new Date(h.clock.now) }).execute();
  const request = await h.app.inject({ method: 'POST', url: `/api/asset/${await assetOf('Hotel am Rheinufer')}/requestAssetAccess`, headers: bearer(await h.login('buyer')) });
  if (request.statusCode >= 300) throw new Error(`access request: ${request.statusCode} ${request.body}`);
};

const assetOf = async (name: string) => (await h.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const questionnaireOf = async (name: string) =>
  (await h.db.selectFrom('asset_questionnaires').select('asset_questionnaires.id').innerJoin('assets', 'assets.id', 'asset_questionnaires.asset_id').where('assets.name', '=', name).orderBy('asset_questionnaires.id', 'desc').executeTakeFirstOrThrow()).id;
const answerOf = async (name: string) =>
  (await h.db.selectFrom('asset_answers').select('asset_answers.id').where('asset_questionnaire_id', '=', await questionnaireOf(name)).orderBy('asset_answers.id').executeTakeFirstOrThrow()).id;

/** Real ids of organisation A's resources, one of each kind. */
interface Ids {
  active: number; activeQ: number; activeAnswer: number; questionId: number;
  review: number; reviewQ: number; reviewAnswer: number;
  closed: number; closedQ: number;
  group: number; org: number; user: number; tester: number; template: number;
  document: number; evidence: number; apiToken: number; importRun: number; accessRequest: number; webhook: number; passkey: number;
  asset: Record<string, unknown>; groupBody: Record<string, unknown>; userBody: Record<string, unknown>; orgBody: Record<string, unknown>;
  templateBody: Record<string, unknown>;
}

type Call = { params?: Record<string, string | number>; query?: Record<string, string | number | boolean>; body?: unknown; multipart?: boolean };
/**
 * How an operation takes an id, and which of organisation A's demo roles may call it with that id (every other
 * one of them is tried and must be refused). `noId` names operations without an organisation's id: lists scoped
 * by the caller, the caller's own account, public calls proven by a token or code, global reference data.
 */
type Target =
  | {
      call: (i: Ids) => Call;
      allowed: readonly DemoUserName[];
      /** Another organisation's user may be answered 403: the route is closed to its roles before any id is looked at. */
      roleGated?: boolean;
      /** Further refusals of the specification, for the other organisation and for organisation A's refused roles. */
      refusals?: { other?: readonly number[]; role?: readonly number[] };
      /** A list whose id filter is the caller's own scope: the other organisation is answered 200 with nothing of A's. */
      scopedList?: boolean;
      /** Creates in the caller's own organisation whatever organisation the body names (the session decides). */
      createsOwn?: boolean;
      /** Global data (templates): every organisation's users read it alike, so only organisation A's roles are tried. */
      global?: boolean;
      /** Users of other organisations the specification lets call it with A's id. */
      outsidersAllowed?: readonly string[];
    }
  | { noId: string };

const ALL_A: readonly DemoUserName[] = ['scoring', 'objectadmin', 'collector', 'analyst', 'tester', 'internaltester', 'evaluator', 'accountmanager', 'billing', 'importadmin'];
const SEE_ASSET: readonly DemoUserName[] = ['objectadmin', 'collector', 'analyst', 'accountmanager'];
const ALL: readonly DemoUserName[] = ALL_A;
/** The demo tester is assigned to the objects in review and closed (demo-review.ts): it sees them. */
const SEE_ASSETS_AND_TESTER: readonly DemoUserName[] = [...SEE_ASSET, 'tester'];

const TARGETS: Record<string, Target> = {
  // The caller's own session and account, public sign-in and password links.
  getAppConfig: { noId: 'public configuration' },
  getHealth: { noId: 'the node and its database, no data of anyone' },
  login: { noId: 'sign-in' },
  startSecureLogin: { noId: 'sign-in' },
  completeSecureLogin: { noId: 'sign-in, proven by the mailed token' },
  logout: { noId: 'own session' },
  requestPasswordReset: { noId: 'public, answers the same for every name' },
  checkPasswordLink: { noId: 'proven by the link token' },
  setPassword: { noId: 'proven by the link token' },
  getCurrentUser: { noId: 'own account' },
  getWorklist: { noId: 'own work, scoped by the caller' },
  listWebhooks: { noId: 'list scoped by the caller' },
  listBankLoans: { noId: "the bank's own loans, scoped by the caller (routes/banks/banks.test.ts)" },
  exportBankPortfolio: { noId: "the bank's own loans, scoped by the caller (routes/banks/banks.test.ts)" },
  getBankPortfolio: { noId: "the bank's own loans, scoped by the caller (routes/banks/banks.test.ts)" },
  importBankLoans: { noId: "the bank's own loans; an object it may not see is a row error (routes/banks/banks.test.ts)" },
  updateBankLoan: { noId: "the bank's own loan id; another bank's answers 404 (routes/banks/banks.test.ts)" },
  deleteBankLoan: { noId: "the bank's own loan id; another bank's answers 404 (routes/banks/banks.test.ts)" },
  createWebhook: { call: (i) => ({ body: { url: 'https://hooks.example.com/ecore', events: ['certificate.issued'], organisationId: i.org } }), allowed: ['objectadmin'], createsOwn: true, refusals: { other: [400] } },
  deleteWebhook: { call: (i) => ({ params: { id: i.webhook } }), allowed: ['objectadmin'] },
  listWebhookDeliveries: { call: (i) => ({ params: { id: i.webhook } }), allowed: ['objectadmin'] },
  getPersonalData: { noId: 'own account' },
  createApiToken: { noId: 'own account' },
  listApiTokens: { noId: 'own account' },
  completeTotpLogin: { noId: 'sign-in, proven by the token of the password step' },
  startTotpLoginEnrolment: { noId: 'sign-in, proven by the token of the password step' },
  startSsoLogin: { noId: 'sign-in: answers where the provider of the e-mail’s domain is' },
  completeSsoLogin: { noId: 'sign-in, proven by the state and the provider’s signed ID token' },
  startPasskeyLogin: { noId: 'sign-in: a challenge for no one in particular' },
  completePasskeyLogin: { noId: 'sign-in, proven by the passkey’s signature' },
  startPasskeyRegistration: { noId: 'own account' },
  registerPasskey: { noId: 'own account' },
  listPasskeys: { noId: 'own account' },
  removePasskey: { call: (i) => ({ params: { id: i.passkey } }), allowed: ['objectadmin'] },
  getSignInMethods: { noId: 'own account' },
  startTotpEnrolment: { noId: 'own account' },
  confirmTotpEnrolment: { noId: 'own account' },
  removeTotp: { noId: 'own account' },
  listTesters: { noId: 'list scoped by the caller' },
  listTemplates: { noId: 'global templates' },
  getActiveTemplate: { noId: 'global templates' },
  getScoringTable: { noId: 'global reference data' },
  importScoringTable: { noId: 'global reference data' },
  listOrganisations: { noId: 'list scoped by the caller' },
  listExportableAssetGroups: { noId: 'list scoped by the caller' },
  exportCustomerData: { noId: 'own organisation' },
  listCountries: { noId: 'reference data' },
  listAssetTypes: { noId: 'reference data' },
  getReviewConfig: { noId: 'reference data' },
  listAccessRequests: { noId: 'list scoped by the caller' },
  listReceivedAccessRequests: { noId: "list scoped by the caller: the requests for the objects it decides for (routes/assets/access-decisions.test.ts)" },
  listAssetGroups: { noId: 'list scoped by the caller' },
  listAssignableAssetGroups: { noId: 'list scoped by the caller' },
  calculateStranding: { noId: 'a calculation on the given figures' },
  verifyCertificate: { noId: 'public by design: whoever holds the code verifies it (spec 02 §2)' },
  listImports: { noId: 'list scoped by the caller' },
  decideAssetAccess: { noId: 'public, proven by the mailed decision token (DOMAIN.md §2)' },
  createTemplate: { noId: 'global templates' },

  // Users.
  listUsers: { call: (i) => ({ query: { organisationId: i.org } }), allowed: ['scoring', 'accountmanager'], scopedList: true },
  createUser: { call: (i) => ({ body: { ...i.userBody, id: undefined, userName: 'neu.isolation', email: 'neu.isolation@example.org', organisationId: i.org, userRoles: [5], assetGroups: [i.group], assets: [] } }), allowed: ['scoring', 'accountmanager'], createsOwn: true, refusals: { other: [400] } },
  updateUser: { call: (i) => ({ body: { ...i.userBody, lastName: 'Geändert' } }), allowed: ['scoring', 'accountmanager'] },
  getUser: { call: (i) => ({ params: { id: i.user } }), allowed: ['scoring', 'accountmanager'] },
  deactivateUser: { call: (i) => ({ params: { id: i.user } }), allowed: ['scoring', 'accountmanager'] },
  activateUser: { call: (i) => ({ params: { id: i.user } }), allowed: ['scoring', 'accountmanager'] },
  lockUser: { call: (i) => ({ params: { id: i.user } }), allowed: ['scoring', 'accountmanager'] },
  unlockUser: { call: (i) => ({ params: { id: i.user } }), allowed: ['scoring', 'accountmanager'] },
  archiveUser: { call: (i) => ({ params: { id: i.user } }), allowed: ['scoring', 'accountmanager'] },
  revokeApiToken: { call: (i) => ({ params: { id: i.apiToken } }), allowed: ['objectadmin'] },
  exportUsers: { call: (i) => ({ query: { exportFormat: '1', language: 'de', Organisations: i.org } }), allowed: ALL, scopedList: true },

  // Questionnaire templates (global: the role decides, spec 01 §6 score area).
  updateTemplate: { call: (i) => ({ body: i.templateBody }), allowed: ['scoring'], roleGated: true },
  getTemplate: { call: (i) => ({ params: { id: i.template } }), allowed: ALL, global: true },
  deleteTemplate: { call: (i) => ({ params: { id: i.template } }), allowed: ['scoring'], roleGated: true },
  activateTemplate: { call: (i) => ({ params: { id: i.template } }), allowed: ['scoring'], roleGated: true },
  lockTemplate: { call: (i) => ({ params: { id: i.template }, query: { isLocked: true } }), allowed: ['scoring'], roleGated: true },
  exportTemplate: { call: (i) => ({ params: { id: i.template }, query: { exportFormat: '1', language: 'de' } }), allowed: ALL, global: true },

  // Organisations.
  createOrganisation: { noId: 'creates a new organisation (account administrator only)' },
  updateOrganisation: { call: (i) => ({ body: { ...i.orgBody, city: 'Offenbach' } }), allowed: ['accountmanager'] },
  getOrganisation: { call: (i) => ({ params: { id: i.org } }), allowed: ALL },
  deactivateOrganisation: { call: (i) => ({ params: { id: i.org } }), allowed: [] },
  replaceOrganisationContacts: { call: (i) => ({ params: { id: i.org }, body: { contacts: [{ fullName: 'X Y', companyRole: 'Z', email: 'x@y.example', phone: '+49 1', mobile: '+49 2' }] } }), allowed: ['accountmanager'] },
  activateOrganisation: { call: (i) => ({ params: { id: i.org } }), allowed: [] },
  getOrganisationSignInPolicy: { call: (i) => ({ params: { id: i.org } }), allowed: [] },
  setOrganisationSignInPolicy: { call: (i) => ({ params: { id: i.org }, body: { requireTotp: true } }), allowed: [] },
  getOrganisationSso: { call: (i) => ({ params: { id: i.org } }), allowed: [] },
  setOrganisationSso: { call: (i) => ({ params: { id: i.org }, body: { issuer: 'https://idp.isolation.example', clientId: 'portal', clientSecret: 's3cret', domains: ['isolation.example'], ssoOnly: false } }), allowed: [] },
  deleteOrganisation: { call: (i) => ({ params: { id: i.org } }), allowed: [] },
  lockOrganisation: { call: (i) => ({ params: { id: i.org } }), allowed: [] },
  unlockOrganisation: { call: (i) => ({ params: { id: i.org } }), allowed: [] },

  // Exports.
  listExportableAssets: { call: (i) => ({ query: { assetGroupId: i.group } }), allowed: ALL, roleGated: true, scopedList: true },
  exportAssetGroup: { call: (i) => ({ params: { id: i.group }, query: { exportFormat: '1', language: 'de' } }), allowed: ALL, roleGated: true },
  exportLatestQuestionnaire: { call: (i) => ({ params: { id: i.active }, query: { exportFormat: '1', language: 'de' } }), allowed: ALL, roleGated: true },
  exportQuestionnaire: { call: (i) => ({ params: { id: i.active, qid: i.activeQ }, query: { exportFormat: '1', language: 'de' } }), allowed: ALL, roleGated: true },

  // Objects and groups.
  // Only a buyer organisation asks for access (spec 02 §6); the others are refused before the id is looked at.
  // A buyer organisation asks the owner for access to any object it names (spec 02 §6): that is the call's purpose.
  requestAssetAccess: { call: (i) => ({ params: { id: i.active } }), allowed: ALL, roleGated: true, outsidersAllowed: ['buyer'] },
  // The owner's object administrator decides a request for its object inside the portal (docs/access-requests.md).
  decideAccessRequest: { call: (i) => ({ params: { id: i.accessRequest }, body: { decision: true } }), allowed: ['objectadmin'] },
  listAssets: { call: (i) => ({ query: { assetGroupId: i.group } }), allowed: ALL, scopedList: true },
  createAsset: { call: (i) => ({ body: { ...i.asset, id: undefined, version: undefined, objectName: 'Neu', externalId: null, assetGroupId: i.group } }), allowed: ['objectadmin'], refusals: { other: [400] } },
  updateAsset: { call: (i) => ({ body: { ...i.asset, city: 'Mainz' } }), allowed: ['objectadmin'] },
  getAsset: { call: (i) => ({ params: { id: i.active } }), allowed: SEE_ASSET },
  deleteAsset: { call: (i) => ({ params: { id: i.active } }), allowed: ['objectadmin'] },
  getAssetData: { call: (i) => ({ params: { id: i.active } }), allowed: SEE_ASSET },
  createAssetGroup: { call: (i) => ({ body: { name: 'Neue Gruppe', organisationId: i.org } }), allowed: ['objectadmin'], createsOwn: true },
  updateAssetGroup: { call: (i) => ({ body: { ...i.groupBody, name: 'Umbenannt' } }), allowed: ['objectadmin'] },
  getAssetGroup: { call: (i) => ({ params: { id: i.group } }), allowed: SEE_ASSET },
  deleteAssetGroup: { call: (i) => ({ params: { id: i.group } }), allowed: ['objectadmin'] },

  // Answering.
  startQuestionnaire: { call: (i) => ({ params: { id: i.active } }), allowed: ['objectadmin', 'collector'] },
  upgradeQuestionnaire: { call: (i) => ({ params: { id: i.active }, query: { updateType: 'update' } }), allowed: ['objectadmin', 'collector'] },
  listAssetQuestionnaires: { call: (i) => ({ params: { id: i.active } }), allowed: SEE_ASSET },
  getLatestQuestionnaire: { call: (i) => ({ params: { id: i.active } }), allowed: SEE_ASSET },
  getQuestionnaire: { call: (i) => ({ params: { id: i.active, qid: i.activeQ } }), allowed: SEE_ASSET },
  deleteQuestionnaire: { call: (i) => ({ params: { id: i.active, qid: i.activeQ } }), allowed: ['objectadmin'] },
  saveAnswers: { call: (i) => ({ body: [{ assetId: i.active, questionId: i.questionId, inputAnswer: null, multipleChoiceOption: [] }] }), allowed: ['objectadmin', 'collector'] },
  addAnswerComment: { call: (i) => ({ body: { assetId: i.active, questionId: i.questionId, comment: 'Fremder Kommentar' } }), allowed: ['objectadmin', 'collector'] },
  getQuestionnaireChangelog: { call: (i) => ({ params: { id: i.active, qid: i.activeQ } }), allowed: SEE_ASSET },
  lockQuestionnaire: { call: (i) => ({ params: { id: i.active, qid: i.activeQ }, query: { isLocked: true } }), allowed: ['objectadmin', 'collector'] },
  changeReportingYear: { call: (i) => ({ params: { id: i.active, qid: i.activeQ }, body: { reportingYear: 2020 } }), allowed: ['objectadmin'] },
  listQuestionnaireOutliers: { call: (i) => ({ params: { id: i.active, qid: i.activeQ } }), allowed: SEE_ASSET },
  explainQuestionnaireOutlier: { call: (i) => ({ params: { id: i.active, qid: i.activeQ, questionId: i.questionId }, body: { type: 'intensity', explanation: 'Fremde Begründung eines Werts' } }), allowed: ['objectadmin', 'collector'] },
  saveGroupDefaults: { call: (i) => ({ params: { id: i.activeQ }, body: {} }), allowed: ['objectadmin', 'collector'] },
  fillGroupDefaults: { call: (i) => ({ params: { id: i.active, qid: i.activeQ }, body: {} }), allowed: ['objectadmin', 'collector'] },
  upgradeGroupQuestionnaires: { call: (i) => ({ params: { id: i.group }, query: { updateType: 'update' } }), allowed: ['objectadmin', 'collector'] },
  uploadAnswerDocument: { call: (i) => ({ params: { id: i.activeAnswer }, multipart: true }), allowed: ['objectadmin', 'collector'] },
  downloadAnswerDocument: { call: (i) => ({ params: { id: i.document } }), allowed: SEE_ASSET },
  deleteAnswerDocument: { call: (i) => ({ params: { id: i.document } }), allowed: ['objectadmin', 'collector'] },

  // Review.
  assignAssetTester: { call: (i) => ({ query: { assetId: i.active, testerId: i.tester } }), allowed: ['objectadmin'] },
  assignAssetGroupTester: { call: (i) => ({ query: { assetGroupId: i.group, testerId: i.tester } }), allowed: ['objectadmin'] },
  // The specification's refusal of a transition the role may not make is 400 with customErrorCode 1 (spec 02 §8).
  changeQuestionnaireState: { call: (i) => ({ query: { assetId: i.active, state: 'Review' } }), allowed: ['objectadmin', 'collector'], refusals: { role: [400] } },
  reviewAnswer: { call: (i) => ({ params: { id: i.reviewAnswer }, body: { decision: 'accept', comment: 'ok' } }), allowed: ['tester'] },
  // The owner's internal tester sees what its organisation submitted (DOMAIN.md §1).
  getQuestionnaireAudit: { call: (i) => ({ params: { id: i.review, qid: i.reviewQ } }), allowed: [...SEE_ASSETS_AND_TESTER, 'internaltester'] },
  listEvidenceChecks: { call: (i) => ({ params: { id: i.review, qid: i.reviewQ } }), allowed: [...SEE_ASSETS_AND_TESTER, 'internaltester'] },
  listInternalCheckMarks: { call: (i) => ({ params: { id: i.review, qid: i.reviewQ } }), allowed: [...SEE_ASSETS_AND_TESTER, 'internaltester'] },
  markInternalCheck: { call: (i) => ({ params: { id: i.review, qid: i.reviewQ, questionId: i.questionId }, body: { checked: true, note: 'Zählerstand geprüft' } }), allowed: ['internaltester'] },
  getAssetGroupReview: { call: (i) => ({ params: { id: i.group } }), allowed: SEE_ASSET },
  changeAssetGroupState: { call: (i) => ({ params: { id: i.group, state: 'Review' } }), allowed: ['objectadmin', 'collector'], refusals: { role: [400] } },
  evaluateAssetGroup: { call: (i) => ({ params: { id: i.group }, query: { decision: 'true' } }), allowed: ['evaluator'], refusals: { role: [400] } },
  evaluateAssetGroupSpecPath: { call: (i) => ({ params: { id: i.group }, query: { decision: 'true' } }), allowed: ['evaluator'], refusals: { role: [400] } },
  getAssetGroupAudit: { call: (i) => ({ params: { id: i.group } }), allowed: SEE_ASSET },

  // Scoring, analysis, certificates.
  calculatePortfolioStranding: { noId: 'a calculation on the given figures' },
  getLatestScore: { call: (i) => ({ params: { id: i.closed } }), allowed: SEE_ASSETS_AND_TESTER },
  getScore: { call: (i) => ({ params: { id: i.closed, qid: i.closedQ } }), allowed: SEE_ASSETS_AND_TESTER },
  previewScore: { call: (i) => ({ params: { id: i.active, qid: i.activeQ }, body: [] }), allowed: SEE_ASSET },
  getConsumptionValues: { call: (i) => ({ params: { id: i.closed, qid: i.closedQ } }), allowed: SEE_ASSETS_AND_TESTER },
  getAssetGroupScoreSpecPath: { call: (i) => ({ params: { id: i.group } }), allowed: SEE_ASSET },
  getAssetGroupScore: { call: (i) => ({ params: { id: i.group } }), allowed: SEE_ASSET },
  getAssetGroupStructureSpecPath: { call: (i) => ({ params: { id: i.group } }), allowed: SEE_ASSET },
  getAssetGroupStructure: { call: (i) => ({ params: { id: i.group } }), allowed: SEE_ASSET },
  getAssetGroupDataQualitySpecPath: { call: (i) => ({ params: { id: i.group } }), allowed: SEE_ASSET },
  getAssetGroupDataQuality: { call: (i) => ({ params: { id: i.group } }), allowed: SEE_ASSET },
  getYearOverYear: { call: (i) => ({ params: { id: i.closed, qid: i.closedQ } }), allowed: SEE_ASSETS_AND_TESTER },
  getAssetGroupYearOverYearSpecPath: { call: (i) => ({ params: { id: i.group } }), allowed: SEE_ASSET },
  getAssetGroupYearOverYear: { call: (i) => ({ params: { id: i.group } }), allowed: SEE_ASSET },
  getCrremReport: { call: (i) => ({ params: { id: i.closed, qid: i.closedQ } }), allowed: SEE_ASSETS_AND_TESTER },
  getAssetGroupCrremReportSpecPath: { call: (i) => ({ params: { id: i.group } }), allowed: SEE_ASSET },
  getAssetGroupCrremReport: { call: (i) => ({ params: { id: i.group } }), allowed: SEE_ASSET },
  downloadAssetCertificate: { call: (i) => ({ query: { id: i.closed } }), allowed: ['objectadmin', 'evaluator'] },
  // The certificate's data for whoever sees the object (mayDownload says whether the PDF too), certificates.test.ts.
  getAssetCertificate: { call: (i) => ({ query: { id: i.closed } }), allowed: [...SEE_ASSETS_AND_TESTER, 'evaluator'] },
  downloadAssetGroupCertificate: { call: (i) => ({ query: { id: i.group } }), allowed: ['objectadmin', 'evaluator'] },
  getAssetGroupCertificate: { call: (i) => ({ query: { id: i.group } }), allowed: ['objectadmin', 'evaluator'] },
  getAssetGroupDashboard: { call: (i) => ({ params: { id: i.group } }), allowed: SEE_ASSET },
  getAssetDashboard: { call: (i) => ({ params: { id: i.closed } }), allowed: SEE_ASSET },

  // Imports.
  downloadAssetImportTemplate: { call: (i) => ({ query: { assetGroupId: i.group } }), allowed: ALL },
  // Only the account administrator imports for an organisation it names (DOMAIN.md §10): 403 for the others.
  importAssets: { call: (i) => ({ query: { dryRun: true, organisationId: i.org }, multipart: true }), allowed: ['objectadmin', 'importadmin', 'collector'], roleGated: true },
  // Answers (DOMAIN.md §10): the collector imports answers too; the group named must be one the caller may answer.
  downloadAnswerImportTemplate: { call: (i) => ({ query: { assetGroupId: i.group, language: 'de', exportFormat: '1' } }), allowed: ['objectadmin', 'importadmin', 'collector'] },
  importAnswers: { call: (i) => ({ query: { dryRun: true, organisationId: i.org }, multipart: true }), allowed: ['objectadmin', 'importadmin', 'collector'], roleGated: true },
  // The import users of the organisation see its imports (DOMAIN.md §10).
  // GRESB asset data (issue 41): those who import objects export it, within their organisation and access list.
  exportGresb: { call: (i) => ({ query: { assetGroupId: i.group, format: 'csv', organisationId: i.org } }), allowed: ['objectadmin', 'importadmin'], roleGated: true },
  getImport: { call: (i) => ({ params: { id: i.importRun } }), allowed: ['importadmin', 'objectadmin', 'collector'] },
  downloadImportReport: { call: (i) => ({ params: { id: i.importRun } }), allowed: ['importadmin', 'objectadmin', 'collector'] },
  // The evidence library (docs/evidence.md): the organisation's own; those who answer change it, the analyst reads it.
  uploadEvidence: { noId: "creates in the caller's own organisation's library" },
  listEvidence: { noId: "the caller's own organisation's library" },
  getEvidence: { call: (i) => ({ params: { id: i.evidence } }), allowed: ['objectadmin', 'collector', 'analyst'] },
  updateEvidence: { call: (i) => ({ params: { id: i.evidence }, body: { title: 'Wartungsvertrag', type: 'contract' } }), allowed: ['objectadmin', 'collector'] },
  deleteEvidence: { call: (i) => ({ params: { id: i.evidence } }), allowed: ['objectadmin', 'collector'] },
  linkEvidence: { call: (i) => ({ params: { answerId: i.activeAnswer, evidenceId: i.evidence } }), allowed: ['objectadmin', 'collector'] },
  unlinkEvidence: { call: (i) => ({ params: { answerId: i.activeAnswer, evidenceId: i.evidence } }), allowed: ['objectadmin', 'collector'] },
  // The audit chains are walked by the platform's operator (AccountAdministrator) alone: every role of an organisation is refused.
  verifyAuditChain: { call: (i) => ({ query: { organisationId: i.org } }), allowed: [], roleGated: true },
};

type Operation = { operationId: string; parameters?: { in: string; name: string }[] };
let doc: { paths: Record<string, Record<string, Operation>> };
let ids: Ids;
const tokens = new Map<string, string>();

const loadIds = async (): Promise<Ids> => {
  const one = async <T>(q: Promise<T | undefined>) => {
    const v = await q;
    if (v === undefined) throw new Error('isolation seed lacks a resource');
    return v;
  };
  const [active, review, closed] = await Promise.all([assetOf(ACTIVE), assetOf(IN_REVIEW), assetOf(CLOSED)]);
  const activeQ = await questionnaireOf(ACTIVE);
  const group = (await one(h.db.selectFrom('asset_groups').select('id').where('name', '=', GROUP).executeTakeFirst())).id;
  const org = (await one(h.db.selectFrom('organisations').select('id').where('name', '=', 'Musterimmobilien AG').executeTakeFirst())).id;
  const userId = async (name: string) => (await one(h.db.selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirst())).id;
  const document = await one(h.db.selectFrom('asset_answer_documents').select(['id', 'answer_id', 'evidence_id']).executeTakeFirst());
  const activeAnswer = document.answer_id;
  const questionId = (await one(h.db.selectFrom('asset_answers').select('question_id').where('id', '=', activeAnswer).executeTakeFirst())).question_id;
  const template = (await one(h.db.selectFrom('asset_questionnaires').select('questionnaire_id').where('id', '=', activeQ).executeTakeFirst())).questionnaire_id;
  const apiToken = (await one(h.db.selectFrom('api_tokens').select('id').executeTakeFirst())).id;
  const importRun = (await one(h.db.selectFrom('imports').select('id').executeTakeFirst())).id;
  const accessRequest = (await one(h.db.selectFrom('asset_access_requests').select('id').executeTakeFirst())).id;
  const webhook = (await one(h.db.selectFrom('webhook_subscriptions').select('id').executeTakeFirst())).id;
  const user = await userId('collector');
  const passkey = (await one(h.db.selectFrom('user_passkeys').select('id').executeTakeFirst())).id;
  const admin = tokens.get('admin')!;
  const get = async (url: string) => (await h.app.inject({ url, headers: bearer(admin) })).json() as Record<string, unknown>;
  return {
    active, activeQ, activeAnswer, questionId, review, reviewQ: await questionnaireOf(IN_REVIEW), reviewAnswer: await answerOf(IN_REVIEW),
    closed, closedQ: await questionnaireOf(CLOSED), group, org, user, tester: await userId('tester'), template,
    document: document.id, evidence: document.evidence_id!, apiToken, importRun, accessRequest, webhook, passkey,
    asset: await get(`/api/asset/${active}`), groupBody: await get(`/api/assetGroup/${group}`), userBody: await get(`/api/user/${user}`),
    orgBody: await get(`/api/organisations/${org}`), templateBody: await get(`/api/questionnaire/${template}`),
  };
};

beforeAll(async () => {
  h = await createHarness();
  await h.resetTo('isolation', seedIsolation);
  doc = (await h.app.inject({ url: '/api/docs/json' })).json();
  for (const name of ['admin', ...ALL_A, ...OUTSIDERS]) tokens.set(name, await h.login(name));
  ids = await loadIds();
}, 120_000);
afterAll(async () => h.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method)).map(([method, op]) => ({ path, method, op })));

const send = async (method: string, path: string, call: Call, token: string) => {
  const url = Object.entries(call.params ?? {}).reduce((p, [name, value]) => p.replace(`{${name}}`, encodeURIComponent(String(value))), path);
  const query = new URLSearchParams(Object.entries(call.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  const upload = call.multipart ? multipartFile('nachweis.pdf', PDF, 'application/pdf') : null;
  return h.app.inject({
    method: method.toUpperCase() as 'GET',
    url: query ? `${url}?${query}` : url,
    headers: { ...bearer(token), ...(upload ? { 'content-type': upload.contentType } : {}) },
    ...(upload ? { payload: upload.body } : call.body === undefined ? {} : { payload: call.body as object }),
  });
};

it('every operation of the OpenAPI description is in the isolation table', () => {
  const missing = operations().map(({ op }) => op.operationId).filter((id) => !(id in TARGETS));
  expect(missing, 'add each new operation to TARGETS in tenant-isolation.test.ts').toEqual([]);
  const stale = Object.keys(TARGETS).filter((id) => !operations().some(({ op }) => op.operationId === id));
  expect(stale).toEqual([]);
});

type Probe = { path: string; method: string; op: Operation; target: Extract<Target, { call: unknown }> };
const diff = (x: Record<string, string>, y: Record<string, string>) => Object.keys(y).filter((t) => y[t] !== x[t]);
const restore = async () => {
  await h.resetTo('isolation', seedIsolation);
  for (const name of ['admin', ...ALL_A, ...OUTSIDERS]) tokens.set(name, await h.login(name));
};

/** Calls one operation as every refused role of organisation A, then as the other organisation's user. */
const probe = async ({ path, method, op, target }: Probe, failures: string[], tried: Set<string>): Promise<number> => {
  const call = target.call(ids);
  const callers: string[] = [...ALL_A.filter((u) => !target.allowed.includes(u)), ...(target.global ? [] : OUTSIDERS.filter((u) => !target.outsidersAllowed?.includes(u)))];
  for (const user of callers) {
    tried.add(user);
    const res = await send(method, path, call, tokens.get(user)!);
    const fail = (why: string) => failures.push(`${op.operationId} as ${user}: ${why} ${res.statusCode} ${res.body.slice(0, 160)}`);
    if (!(OUTSIDERS as readonly string[]).includes(user)) {
      if (![403, 404, ...(target.refusals?.role ?? [])].includes(res.statusCode)) fail('not refused');
    } else if (target.scopedList && res.statusCode === 200) {
      const json = String(res.headers['content-type'] ?? '').includes('json');
      const empty = json ? res.json<{ total: number }>().total === 0 : res.body.split('\n').filter((l) => l.trim() !== '').length <= 1;
      if (!empty) fail("lists organisation A's data");
    } else if (target.createsOwn && res.statusCode < 300) {
      if (res.json<{ organisationId: number }>().organisationId === ids.org) fail('created in organisation A');
    } else {
      // The intruder holds the roles the call needs, so only the id can refuse it: 404. The finance partner's and
      // the buyer's users lack some of them: 403 is then the role's refusal (spec 01 §6), given before any id.
      const refusals = user === INTRUDER && !target.roleGated ? [404] : [403, 404];
      if (![...refusals, ...(target.refusals?.other ?? [])].includes(res.statusCode)) fail('not refused');
    }
  }
  await h.app.drainBackground();
  return callers.length;
};

it('another organisation and every refused role get 404 or 403 for organisation A’s ids, and nothing changes', async () => {
  const failures: string[] = [];
  const tried = new Set<string>();
  let calls = 0;
  const probes: Probe[] = operations().flatMap(({ path, method, op }) => {
    const target = TARGETS[op.operationId];
    return target && 'call' in target ? [{ path, method, op, target }] : [];
  });
  const before = await databaseSnapshot(h.db);
  // Refusals change nothing, so one comparison covers them all; only when it fails is each operation run alone.
  const refusing = probes.filter((p) => !p.target.createsOwn);
  for (const p of refusing) calls += await probe(p, failures, tried);
  if (diff(before, await databaseSnapshot(h.db)).length > 0) {
    for (const p of refusing) {
      await restore();
      await probe(p, [], tried);
      const changed = diff(before, await databaseSnapshot(h.db));
      if (changed.length > 0) failures.push(`${p.op.operationId}: changed ${changed.join(', ')}`);
    }
  }
  // Operations that create in the caller's own organisation: organisation A's refused roles change nothing.
  for (const p of probes.filter((x) => x.target.createsOwn)) {
    await restore();
    const roles = { ...p, target: { ...p.target, global: true } };
    calls += await probe(roles, failures, tried);
    const changed = diff(before, await databaseSnapshot(h.db));
    if (changed.length > 0) failures.push(`${p.op.operationId}: changed ${changed.join(', ')}`);
    calls += await probe({ ...p, target: { ...p.target, allowed: ALL_A } }, failures, tried);
  }
  await restore();
  console.info(`tenant isolation: ${probes.length} operations with ids, ${tried.size} users (${[...tried].join(', ')}), ${calls} refused calls`);
  expect(failures).toEqual([]);
  expect(probes.length).toBeGreaterThanOrEqual(85);
  expect(tried.size).toBe(ALL_A.length + OUTSIDERS.length);
}, 240_000);
