import type { Kysely } from 'kysely';
import { dueReminder, expiresWithinLimit, reminderMail, REMINDER_THRESHOLDS, type ReminderItem } from '@ecore/core/certificates/reminders.ts';
import type { Mailer } from '@ecore/core/identity/ports.ts';
import { calendarDate } from '@ecore/core/review/transitions.ts';
import { claimReminder, listExpiringLabels, lockCertificatesSkippingLocked, type ExpiringLabel } from '@ecore/adapters/db/answering/annual-repository.ts';
import { contactPersonsOf } from '@ecore/adapters/db/identity/user-accounts-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { enqueueWebhookEvent } from '@ecore/adapters/db/webhooks/webhooks-repository.ts';

/** Where a reminder links to: the label's results page (object or group). */
export const reminderLink = (publicUrl: string, label: ExpiringLabel): string =>
  label.kind === 'asset'
    ? `${publicUrl}/asset-management/objects/${label.subjectId}/${label.isBuyerAsset}/edit/results/${label.assetQuestionnaireId}/overview`
    : `${publicUrl}/asset-management/object-groups/${label.subjectId}/results/overview`;

/**
 * Sends the reminders due today (issue 22): 60 and 30 days before a label's valid-until, one mail per contact of the
 * owner organisation listing its labels due, in the contact's language. core's `dueReminder` decides, with the
 * clock passed in. Each organisation's reminders are claimed in `label_reminders` and mailed in one transaction
 * that holds the certificates' rows (`FOR UPDATE SKIP LOCKED`): another server process sweeping at the same time
 * skips the labels this one holds, and one that comes after finds them claimed, so each reminder goes out once on
 * any number of nodes; a mail that fails rolls its claim back and is tried again at the next sweep. Answers how
 * many labels were reminded of.
 */
export async function sendLabelReminders(db: Kysely<DB>, mailer: Mailer, publicUrl: string, now: number): Promise<number> {
  const today = calendarDate(new Date(now));
  const labels = await listExpiringLabels(db, today, expiresWithinLimit(today, Math.max(...REMINDER_THRESHOLDS)));
  const byOrganisation = new Map<number, { label: ExpiringLabel; threshold: number }[]>();
  for (const label of labels) {
    const threshold = dueReminder(label.validUntil, today, label.sent);
    if (threshold === null) continue;
    byOrganisation.set(label.organisationId, [...(byOrganisation.get(label.organisationId) ?? []), { label, threshold }]);
  }
  let reminded = 0;
  for (const [organisationId, due] of byOrganisation) {
    const contacts = await contactPersonsOf(db, organisationId, 0);
    reminded += await db.transaction().execute(async (trx) => {
      const claimed: ReminderItem[] = [];
      const ours = await lockCertificatesSkippingLocked(trx, due.map((d) => d.label.certificateId));
      for (const { label, threshold } of due) {
        if (ours.has(label.certificateId) && await claimReminder(trx, label.certificateId, threshold, new Date(now), contacts.length)) {
          claimed.push({ kind: label.kind, name: label.subjectName, validUntil: label.validUntil, link: reminderLink(publicUrl, label) });
          // The same reminder for backend callers, in its transaction (docs/webhooks.md): once per label and threshold.
          const subject = label.kind === 'asset' ? { assetId: label.subjectId } : { assetGroupId: label.subjectId };
          await enqueueWebhookEvent(trx, { type: 'label.expiring', organisationId, subject: { ...subject, certificateId: label.certificateId, validUntil: label.validUntil, daysLeft: threshold }, at: new Date(now) });
        }
      }
      for (const c of claimed.length > 0 ? contacts : []) await mailer.send(reminderMail(c.language, c.email, c.name, claimed));
      return claimed.length;
    });
  }
  return reminded;
}
