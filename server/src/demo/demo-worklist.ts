import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FileStore } from '@ecore/core/shared/file-store.ts';
import { calendarDate } from '@ecore/core/review/transitions.ts';
import { linkTokenExpiry } from '@ecore/core/identity/link-tokens.ts';
import { EPC_EXPIRY_DAYS, EVIDENCE_EXPIRY_DAYS } from '@ecore/core/worklist/worklist.ts';
import { webhookSecrets } from '@ecore/adapters/crypto/webhook-secrets.ts';
import { insertEvidence, linkEvidence } from '@ecore/adapters/db/answering/evidence-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { DEMO_EXPIRING, DEMO_RENEWING } from './demo-annual.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The demo's webhook: a receiver that never answered well (nothing is sent to it: it is paused). */
export const DEMO_WEBHOOK_URL = 'https://hooks.example.com/ecore/labels';
/** The demo's expiring library document, linked to the renewal's first answer. */
export const DEMO_EXPIRING_EVIDENCE = 'Wartungsvertrag Heizung 2026';
/** The object the demo buyer organisation asks to see: the owner's labelled object (docs/access-requests.md). */
export const DEMO_ACCESS_REQUESTED = 'Wohn- und Geschäftshaus Bockenheim';
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const addDays = (at: Date, days: number): string => calendarDate(new Date(at.getTime() + days * DAY));

/**
 * Demo data of the worklist and the webhooks (docs/worklist.md, docs/webhooks.md), so that each screen shows
 * something right after `npm start`: the energy performance certificate of "Praxis- und Bürohaus Heidelberg" ends
 * within 90 days (the object administrator's item); a maintenance contract in the library, linked to an answer of
 * the renewal under way, ends within 60 days (the collector's item); and the account administrator's webhook for
 * labels, delivered once and then failing for a day, is paused (its item, and its deliveries on the webhooks
 * screen); the demo buyer organisation asked two days ago to see the owner's labelled object (the object
 * administrator's item, decided on the access requests screen; its mailed link was never sent). Runs after the
 * yearly cycle's demo, once.
 */
export async function seedDemoWorklist(db: Kysely<DB>, files: FileStore, at: Date, webhookKey: string): Promise<{ seeded: boolean }> {
  const owner = await db.selectFrom('organisations').select('id').where('name', '=', 'Musterimmobilien AG').executeTakeFirst();
  const admin = await db.selectFrom('users').select(['id', 'organisation_id']).where('user_name', '=', 'admin').executeTakeFirst();
  const collector = await db.selectFrom('users').select(['first_name', 'last_name']).where('user_name', '=', 'collector').executeTakeFirst();
  const renewal = await db
    .selectFrom('assets')
    .innerJoin('asset_answers', 'asset_answers.asset_questionnaire_id', 'assets.latest_questionnaire_id')
    .select(['asset_answers.id as answerId'])
    .where('assets.name', '=', DEMO_RENEWING)
    .where('asset_answers.state', 'is not', null)
    .orderBy('asset_answers.id')
    .executeTakeFirst();
  if (!owner || !admin || !collector || !renewal) return { seeded: false };
  if (await db.selectFrom('webhook_subscriptions').select('id').where('url', '=', DEMO_WEBHOOK_URL).executeTakeFirst()) return { seeded: false };
  const by = `${collector.first_name} ${collector.last_name}`;

  // Issued ten years before it ends, as German certificates are.
  const epcUntil = addDays(at, EPC_EXPIRY_DAYS - 15);
  await db
    .updateTable('assets')
    .set({ epc_class: 'D', epc_type: 'consumption', epc_final_energy_demand: 128, epc_registration_number: 'BW-2017-004711', epc_issued_at: `${Number(epcUntil.slice(0, 4)) - 10}${epcUntil.slice(4)}`, epc_valid_until: epcUntil })
    .where('name', '=', DEMO_EXPIRING)
    .where('organisation_id', '=', owner.id)
    .execute();

  const storageKey = randomBytes(18).toString('base64url');
  await files.put(storageKey, PDF);
  const entry = await insertEvidence(db, {
    organisationId: owner.id,
    title: DEMO_EXPIRING_EVIDENCE,
    type: 'contract',
    validFrom: addDays(at, -320),
    validUntil: addDays(at, EVIDENCE_EXPIRY_DAYS - 25),
    fileName: 'wartungsvertrag-heizung-2026.pdf',
    contentType: 'application/pdf',
    size: PDF.byteLength,
    storageKey,
    origin: 'library',
    uploadedBy: by,
    uploadedAt: new Date(at.getTime() - 30 * DAY),
  });
  await linkEvidence(db, renewal.answerId, entry, by, new Date(at.getTime() - 30 * DAY));

  const secrets = webhookSecrets(webhookKey);
  const created = new Date(at.getTime() - 3 * DAY);
  const failingSince = new Date(at.getTime() - 26 * HOUR);
  const { id } = await db
    .insertInto('webhook_subscriptions')
    .values({ organisation_id: admin.organisation_id, url: DEMO_WEBHOOK_URL, events: ['certificate.issued', 'certificate.revoked', 'label.expiring'], secret_encrypted: secrets.seal(secrets.create()), created_by: admin.id, created_at: created, failing_since: failingSince, paused_at: new Date(at.getTime() - 2 * HOUR) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const buyer = await db.selectFrom('users').select(['id', 'organisation_id']).where('user_name', '=', 'buyer').executeTakeFirst();
  const requested = await db.selectFrom('assets').select('id').where('name', '=', DEMO_ACCESS_REQUESTED).where('organisation_id', '=', owner.id).executeTakeFirst();
  if (buyer && requested) {
    const asked = new Date(at.getTime() - 2 * DAY);
    await db
      .insertInto('asset_access_requests')
      .values({
        asset_id: requested.id,
        buyer_organisation_id: buyer.organisation_id,
        requested_by: buyer.id,
        language: 'de',
        token_hash: createHash('sha256').update(randomBytes(32)).digest('hex'),
        expires_at: new Date(linkTokenExpiry('accessRequest', asked.getTime())),
        created_at: asked,
      })
      .execute();
  }

  // One label reminder delivered, the next one failing all day (answered 503, then no answer) until the pause.
  const attempt = (eventId: string, type: string, n: number, when: Date, statusCode: number | null, durationMs: number) => ({
    subscription_id: id,
    event_id: eventId,
    event_type: type,
    attempt: n,
    status_code: statusCode,
    error: statusCode === null ? 'timeout' : statusCode < 300 ? null : `HTTP ${statusCode}`,
    duration_ms: durationMs,
    delivered: statusCode !== null && statusCode < 300,
    attempted_at: when,
  });
  const [first, second] = ['0b6f7c1e-4d2a-4c36-9a51-6f1f0d5e2a01', '0b6f7c1e-4d2a-4c36-9a51-6f1f0d5e2a02'];
  await db
    .insertInto('webhook_deliveries')
    .values([
      attempt(first, 'label.expiring', 1, new Date(created.getTime() + HOUR), 200, 84),
      attempt(second, 'certificate.issued', 1, failingSince, 503, 212),
      attempt(second, 'certificate.issued', 2, new Date(failingSince.getTime() + 30_000), 503, 198),
      attempt(second, 'certificate.issued', 3, new Date(failingSince.getTime() + 90_000), null, 5000),
      attempt(second, 'certificate.issued', 4, new Date(failingSince.getTime() + 12 * HOUR), 503, 240),
      attempt(second, 'certificate.issued', 5, new Date(failingSince.getTime() + 24 * HOUR), null, 5000),
    ])
    .execute();
  return { seeded: true };
}
