import type { Kysely } from 'kysely';
import { sealAuditRows } from '@ecore/adapters/db/review/audit-chain-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { startRepeating } from '../../repeating.ts';

/**
 * Links the audit rows written since its last round into their organisations' chains, every `intervalMs` (server.ts):
 * the writers only record what they wrote (migration 2026-11-29-128), so that no save waits for another's commit.
 * Several processes may run it: the organisation's lock in the database makes them take turns.
 */
export function startAuditSealer(db: Kysely<DB>, failed: (err: unknown) => void, intervalMs = 1_000): { stop: () => Promise<void> } {
  const repeating = startRepeating(() => sealAuditRows(db), failed, intervalMs);
  return {
    stop: async () => {
      await repeating.stop();
      // What the last requests wrote is linked before the database closes.
      await sealAuditRows(db).catch(failed);
    },
  };
}
