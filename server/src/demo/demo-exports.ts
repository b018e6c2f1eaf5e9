import type { Kysely } from 'kysely';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { seedDemoAnswers } from './demo-answers.ts';

/** The owner's objects whose access the demo buyer was granted (as if it had asked and the owner had approved). */
const GRANTED = ['Wohn- und Geschäftshaus Bockenheim'];
const BUYER_ASSET = 'Wohnanlage Schwabing';

/**
 * Demo step of the export area (issue 17): the demo bank ("Beispielbank eG", finance partner of "Käufer Wohnbau
 * GmbH") has something to export right after `npm start`: its buyer's own asset, half answered so that it carries
 * a score, and the owner's closed, certified Bockenheim object granted to the buyer (the asset-management journey asks for the hotel itself).
 * Idempotent: grants that exist stay, a questionnaire that exists is kept.
 */
export async function seedDemoExports(db: Kysely<DB>, at: Date): Promise<void> {
  const buyer = await db.selectFrom('organisations').select('id').where('name', '=', 'Käufer Wohnbau GmbH').executeTakeFirst();
  if (!buyer) return;
  await seedDemoAnswers(db, new Date(at.getTime() - 2 * 86_400_000), [[BUYER_ASSET, 0.5]]);
  const assets = await db.selectFrom('assets').select('id').where('name', 'in', GRANTED).where('is_buyer_asset', '=', false).execute();
  for (const { id } of assets) {
    const granted = await db.selectFrom('asset_access_grants').select('asset_id').where('asset_id', '=', id).where('organisation_id', '=', buyer.id).executeTakeFirst();
    if (!granted) await db.insertInto('asset_access_grants').values({ asset_id: id, organisation_id: buyer.id, granted_at: at }).execute();
  }
}
