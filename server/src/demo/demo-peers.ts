import type { Kysely } from 'kysely';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { seedDemoAnswers } from './demo-answers.ts';

/** The organisation whose offices make the demo's peer group; the owner's screens never name it (only scores count). */
export const PEER_ORGANISATION = 'Nordstern Büroimmobilien GmbH';

/** Offices in Germany, each answered to its own extent, so that their scores spread. */
const PEER_OFFICES: { name: string; city: string; zip: string; street: string; number: string; built: number; area: number; answered: number }[] = [
  { name: 'Kontorhaus Speicherstadt', city: 'Hamburg', zip: '20457', street: 'Am Sandtorkai', number: '40', built: 1925, area: 7400, answered: 1 },
  { name: 'Bürohaus Theresienhöhe', city: 'München', zip: '80339', street: 'Theresienhöhe', number: '28', built: 2004, area: 11200, answered: 0.95 },
  { name: 'Rheinauhafen Büro', city: 'Köln', zip: '50678', street: 'Agrippinawerft', number: '30', built: 2011, area: 8600, answered: 0.85 },
  { name: 'Kö-Bogen Büro', city: 'Düsseldorf', zip: '40212', street: 'Königsallee', number: '2', built: 2013, area: 9900, answered: 0.75 },
  { name: 'Büroturm Europaviertel', city: 'Stuttgart', zip: '70173', street: 'Heilbronner Straße', number: '10', built: 1992, area: 15300, answered: 0.65 },
  { name: 'Bürohaus Baumwollspinnerei', city: 'Leipzig', zip: '04179', street: 'Spinnereistraße', number: '7', built: 1899, area: 5200, answered: 0.55 },
];

/**
 * The demo's peer group: six scored offices in Germany of another organisation, so that with the owner's scored
 * office ("Bürohaus Mainzer Landstraße") the benchmark (at least PEER_GROUP_MIN objects of one main class and
 * country) shows right after the first start; the owner's other objects still show why they have none. Answered
 * through the same rules and stored scores as the other demo answers. Runs once.
 */
export async function seedDemoPeers(db: Kysely<DB>, at: Date): Promise<{ seeded: boolean }> {
  const existing = await db.selectFrom('organisations').select('id').where('name', '=', PEER_ORGANISATION).executeTakeFirst();
  if (existing) return { seeded: false };
  await db.transaction().execute(async (trx) => {
    const { id: organisationId } = await trx
      .insertInto('organisations')
      .values({ name: PEER_ORGANISATION, street: 'Am Sandtorkai', number: '40', zip: '20457', city: 'Hamburg', country: 'DE', status: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('organisation_contacts')
      .values({ organisation_id: organisationId, full_name: 'Nora Nordstern', company_role: 'Asset Management', email: 'nora.nordstern@nordstern-buero.example', phone: '+49 40 5550100', mobile: '+49 175 5550100', position: 0 })
      .execute();
    const { id: groupId } = await trx.insertInto('asset_groups').values({ name: 'Büros Deutschland', organisation_id: organisationId }).returning('id').executeTakeFirstOrThrow();
    for (const office of PEER_OFFICES) {
      const { id } = await trx
        .insertInto('assets')
        .values({
          name: office.name,
          organisation_id: organisationId,
          asset_group_id: groupId,
          is_buyer_asset: false,
          country: 'DE',
          city: office.city,
          zip: office.zip,
          street: office.street,
          street_number: office.number,
          construction_year: office.built,
          feature_quality: 'Mid',
          asset_total_area: office.area,
          usable_area: Math.round(office.area * 0.82),
          rental_area: Math.round(office.area * 0.78),
          net_room_area: Math.round(office.area * 0.86),
          conditioned_area: Math.round(office.area * 0.8),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('asset_asset_types').values({ asset_id: id, asset_type_id: 1, percentage: 100, position: 0 }).execute();
    }
  });
  await seedDemoAnswers(
    db,
    at,
    PEER_OFFICES.map((o) => [o.name, o.answered] as const),
  );
  return { seeded: true };
}
