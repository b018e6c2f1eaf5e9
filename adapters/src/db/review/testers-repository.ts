import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB>;

/** Assigns a tester to an object (null: none); the tester then sees the object (core grant assignedTester). */
export async function assignAssetTester(db: Executor, assetId: number, testerUserId: number | null): Promise<void> {
  await db.updateTable('assets').set({ tester_user_id: testerUserId }).where('id', '=', assetId).execute();
}

/** Assigns a tester to a group and to each of its objects, so that the tester sees the group's sheets. */
export async function assignGroupTester(db: Executor, groupId: number, testerUserId: number | null): Promise<void> {
  await db.updateTable('asset_groups').set({ tester_user_id: testerUserId }).where('id', '=', groupId).execute();
  await db.updateTable('assets').set({ tester_user_id: testerUserId }).where('asset_group_id', '=', groupId).execute();
}
