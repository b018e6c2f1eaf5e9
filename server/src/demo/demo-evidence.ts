import type { Kysely } from 'kysely';
import type { EvidenceFields } from '@ecore/core/answering/evidence.ts';
import type { FileStore } from '@ecore/core/shared/file-store.ts';
import { insertEvidence, linkEvidence } from '@ecore/adapters/db/answering/evidence-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { DEMO_CLOSED, DEMO_IN_REVIEW } from './demo-review.ts';

const DAY = 86_400_000;
const calendar = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A one-page PDF with a line of text: what the demo's library documents show in the preview. */
export const demoPdf = (text: string): Buffer => {
  const stream = `BT /F1 14 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

/**
 * The evidence library in the demo (docs/evidence.md): the owner's maintenance contract of the building automation,
 * linked to an answer of the closed "Wohn- und Geschäftshaus Bockenheim" that the demo tester accepted and to the same
 * question of "Büro Campus Adlershof" in Review, where the tester's check screen says "Bereits geprüft"; last year's
 * meter readings, valid for another 45 days (listed under "läuft in 60 Tagen ab"), linked to another answer in Review;
 * and the energy policy, linked to nothing yet. Runs after the demo review, once.
 */
export async function seedDemoEvidence(db: Kysely<DB>, files: FileStore, at: Date): Promise<{ seeded: boolean }> {
  const sheet = async (name: string) =>
    db
      .selectFrom('assets as s')
      .innerJoin('asset_questionnaires as q', 'q.asset_id', 's.id')
      .select(['s.organisation_id', 'q.id'])
      .where('s.name', '=', name)
      .orderBy('q.id', 'desc')
      .executeTakeFirst();
  const [closed, inReview] = [await sheet(DEMO_CLOSED), await sheet(DEMO_IN_REVIEW)];
  if (!closed || !inReview) return { seeded: false };
  if (await db.selectFrom('evidence_documents').select('id').where('organisation_id', '=', closed.organisation_id).where('origin', '=', 'library').executeTakeFirst()) return { seeded: false };
  const answers = (id: number) => db.selectFrom('asset_answers').select(['id', 'question_id', 'state']).where('asset_questionnaire_id', '=', id).where('state', 'is not', null).orderBy('question_id').execute();
  const [accepted, open] = [(await answers(closed.id)).filter((a) => a.state === 'ReviewAccepted'), await answers(inReview.id)];
  const shared = accepted.find((a) => open.some((o) => o.question_id === a.question_id));
  if (!shared) return { seeded: false };
  const sharedOpen = open.find((o) => o.question_id === shared.question_id)!;
  const other = open.find((o) => o.question_id !== shared.question_id);

  const tester = await db.selectFrom('users').select(['first_name', 'last_name']).where('user_name', '=', 'tester').executeTakeFirstOrThrow();
  const collector = await db.selectFrom('users').select(['first_name', 'last_name']).where('user_name', '=', 'collector').executeTakeFirstOrThrow();
  const by = `${collector.first_name} ${collector.last_name}`;
  const uploadedAt = new Date(at.getTime() - 10 * DAY);
  const entry = async (fields: EvidenceFields, fileName: string, key: string) => {
    const bytes = demoPdf(fields.title);
    await files.put(key, bytes);
    return insertEvidence(db, { ...fields, organisationId: closed.organisation_id, fileName, contentType: 'application/pdf', size: bytes.length, storageKey: key, origin: 'library', uploadedBy: by, uploadedAt });
  };
  const contract = await entry({ title: 'Wartungsvertrag Gebäudeleittechnik', type: 'contract', validFrom: '2024-01-01', validUntil: '2028-12-31' }, 'Wartungsvertrag-GLT.pdf', 'demo-evidence-contract');
  const readings = await entry({ title: 'Zählerstände Strom', type: 'meter-reading', validFrom: '2025-01-01', validUntil: calendar(at.getTime() + 45 * DAY) }, 'Zaehlerstaende-Strom.pdf', 'demo-evidence-readings');
  await entry({ title: 'Energierichtlinie der Musterimmobilien AG', type: 'policy', validFrom: null, validUntil: null }, 'Energierichtlinie.pdf', 'demo-evidence-policy');

  await linkEvidence(db, shared.id, contract, by, uploadedAt);
  await linkEvidence(db, sharedOpen.id, contract, by, uploadedAt);
  if (other) await linkEvidence(db, other.id, readings, by, uploadedAt);
  // The closed questionnaire's answer was accepted by the demo tester (who accepted it is kept from migration 119 on).
  await db.updateTable('asset_answers').set({ checked_by: `${tester.first_name} ${tester.last_name}`, checked_at: new Date(at.getTime() - DAY) }).where('id', '=', shared.id).execute();
  return { seeded: true };
}
