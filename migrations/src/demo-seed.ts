import type { Kysely } from 'kysely';

/** Role numbers of spec 01 §3; migrations never import application code, so they are spelled out here. */
const R = {
  AccountAdministrator: 0, BillingManager: 1, Evaluator: 2, ScoringModelManager: 3, ObjectAdministrator: 4,
  ObjectDataCollector: 5, ObjectAnalyst: 6, InternalTester: 7, ExternalAccreditedTester: 8, ImportAdmin: 9,
  AccountManager: 10, ProspectiveBuyer: 11,
} as const;

export const DEMO_PASSWORD = 'demo1234';

export interface DemoUser {
  userName: string;
  firstName: string;
  lastName: string;
  roles: number[];
  organisation: 'owner' | 'bank' | 'buyer' | 'test';
  external?: boolean;
  position: string;
}

/** The demo logins printed by `npm start` (all with password demo1234). */
export const DEMO_USERS: DemoUser[] = [
  { userName: 'admin', firstName: 'Anna', lastName: 'Admin', roles: [R.AccountAdministrator], organisation: 'owner', position: 'Plattformbetrieb' },
  { userName: 'scoring', firstName: 'Sven', lastName: 'Scoring', roles: [R.ScoringModelManager], organisation: 'owner', position: 'Scoring-Modell' },
  { userName: 'objectadmin', firstName: 'Olga', lastName: 'Objekt', roles: [R.ObjectAdministrator], organisation: 'owner', position: 'Asset Management' },
  { userName: 'collector', firstName: 'Carl', lastName: 'Collector', roles: [R.ObjectDataCollector], organisation: 'owner', position: 'Datenerfassung' },
  { userName: 'analyst', firstName: 'Alina', lastName: 'Analyse', roles: [R.ObjectAnalyst], organisation: 'owner', position: 'Analyse' },
  { userName: 'tester', firstName: 'Tom', lastName: 'Tester', roles: [R.ExternalAccreditedTester], organisation: 'owner', external: true, position: 'Externer Prüfer' },
  { userName: 'internaltester', firstName: 'Ina', lastName: 'Intern', roles: [R.InternalTester], organisation: 'owner', position: 'Interne Prüfung' },
  { userName: 'evaluator', firstName: 'Eva', lastName: 'Gutachter', roles: [R.Evaluator], organisation: 'owner', position: 'Begutachtung' },
  { userName: 'accountmanager', firstName: 'Max', lastName: 'Manager', roles: [R.AccountManager], organisation: 'owner', position: 'Kundenbetreuung' },
  { userName: 'billing', firstName: 'Bea', lastName: 'Billing', roles: [R.BillingManager], organisation: 'owner', position: 'Abrechnung' },
  { userName: 'importadmin', firstName: 'Ivo', lastName: 'Import', roles: [R.ImportAdmin], organisation: 'owner', position: 'Datenimport' },
  { userName: 'bank', firstName: 'Berta', lastName: 'Bank', roles: [R.ObjectAdministrator, R.AccountManager], organisation: 'bank', position: 'Finanzierung' },
  { userName: 'buyer', firstName: 'Kurt', lastName: 'Käufer', roles: [R.ProspectiveBuyer], organisation: 'buyer', position: 'Einkauf' },
];

const organisation = (name: string, street: string, number: string, zip: string, city: string) => ({
  name, street, number, zip, city, country: 'DE', status: 1,
});

/**
 * Loads the demo organisations and users once; a second call changes nothing.
 * `passwordHash` is the argon2id hash of DEMO_PASSWORD, made by the caller.
 */
export async function seedDemoData(db: Kysely<any>, passwordHash: string): Promise<{ seeded: boolean }> {
  const existing = await db.selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirst();
  if (existing) return { seeded: false };

  return db.transaction().execute(async (trx) => {
    const insertOrg = async (values: Record<string, unknown>) =>
      (await trx.insertInto('organisations').values(values).returning('id').executeTakeFirstOrThrow()).id as number;

    const owner = await insertOrg({ ...organisation('Musterimmobilien AG', 'Mainzer Landstraße', '50', '60325', 'Frankfurt am Main'), is_solution_partner: false });
    const bank = await insertOrg({ ...organisation('Beispielbank eG', 'Königsallee', '12', '40212', 'Düsseldorf'), is_finance_partner: true });
    const buyer = await insertOrg({ ...organisation('Käufer Wohnbau GmbH', 'Leopoldstraße', '8', '80802', 'München'), is_buyer: true, finance_partner_organisation_id: bank });
    const test = await insertOrg({ ...organisation('Testkonto GmbH', 'Teststraße', '1', '10115', 'Berlin'), is_test_account: true });
    const ids = { owner, bank, buyer, test };

    const contacts = [
      { organisation_id: owner, full_name: 'Olga Objekt', company_role: 'Leitung Asset Management', email: 'olga.objekt@musterimmobilien.example', phone: '+49 69 1234560', mobile: '+49 171 1234560', position: 0 },
      { organisation_id: bank, full_name: 'Berta Bank', company_role: 'Leitung Finanzierung', email: 'berta.bank@beispielbank.example', phone: '+49 211 987650', mobile: '+49 172 987650', position: 0 },
      { organisation_id: buyer, full_name: 'Kurt Käufer', company_role: 'Geschäftsführung', email: 'kurt.kaeufer@kaeufer-wohnbau.example', phone: '+49 89 555010', mobile: '+49 173 555010', position: 0 },
      { organisation_id: test, full_name: 'Tina Test', company_role: 'Test', email: 'tina.test@testkonto.example', phone: '+49 30 111111', mobile: '+49 174 111111', position: 0 },
    ];
    await trx.insertInto('organisation_contacts').values(contacts).execute();

    const domain = { owner: 'musterimmobilien.example', bank: 'beispielbank.example', buyer: 'kaeufer-wohnbau.example', test: 'testkonto.example' };
    await trx
      .insertInto('users')
      .values(
        DEMO_USERS.map((u) => ({
          user_name: u.userName,
          email: `${u.userName}@${domain[u.organisation]}`,
          first_name: u.firstName,
          last_name: u.lastName,
          organisation_id: ids[u.organisation],
          position: u.position,
          phone_number: '+49 69 1234500',
          mobile_number: '',
          roles: u.roles,
          external: u.external ?? false,
          main_contact_person: u.userName === 'objectadmin' || u.userName === 'bank' || u.userName === 'buyer',
          status: 1,
          password_hash: passwordHash,
        })),
      )
      .execute();
    return { seeded: true };
  });
}
