import type { AssetQuestionnaireState } from '../answering/answers.ts';
import { ANSWERING_ROLES } from '../answering/submission.ts';
import { assetGrants, type AssetActor, type AssetGrant } from '../assets/asset-access.ts';
import { accessDecisionGrants } from '../assets/access-requests.ts';
import { Role } from '../identity/roles.ts';
import type { GroupState } from '../object-groups/group-rules.ts';
import { expiresWithinLimit } from '../certificates/reminders.ts';
import { EXPIRY_NOTICE_DAYS, mayChangeLibrary } from '../answering/evidence.ts';
import { webhookScope } from '../webhooks/webhooks.ts';
import { failedImportsWaiting } from '../imports/failed-imports.ts';
import type { Language } from '../shared/language.ts';

/**
 * The worklist ("what needs me", docs/worklist.md): the caller's open work, ranked, each item with what it is, why it
 * is there, since when and the one screen that resolves it. Which states wait for whom is written out below from
 * DOMAIN.md §3 (filled questionnaires) and §4 (groups); the server only translates the plan into one query per kind.
 */

/** Who moves a filled questionnaire or a group on from a state (DOMAIN.md §3, §4). */
export type Waiter = 'owner' | 'assignedTester' | 'evaluator';

/** The kinds of item, in the order the list ranks them: what came back to the caller first, then jobs, deadlines, drafts. */
export const WORKLIST_KINDS = [
  'questionnaireDeclined',
  'documentsRequested',
  'webhookPaused',
  'importsFailed',
  'reviewJob',
  'groupDecision',
  'accessRequests',
  'labelExpiring',
  'epcExpiring',
  'evidenceExpiring',
  'plausibilityFlags',
  'answersToFinish',
] as const;
export type WorklistKind = (typeof WORKLIST_KINDS)[number];

/**
 * DOMAIN.md §3, state by state: who the filled questionnaire waits for, and the item it makes for them.
 * - Active: the owner roles answer and submit (submit);
 * - Review: the assigned tester reviews (toEvaluation, toDeclined, toVerification);
 * - Verification: the owner uploads the requested documents and resubmits;
 * - Evaluation: an evaluator closes or declines (toClosed, toDeclined);
 * - Declined: the owner changes every rejected answer and resubmits;
 * - DefinitelyDeclined, Closed, Expired: nothing follows, nobody waits (a Closed label's expiry is its own kind).
 */
export const QUESTIONNAIRE_WAITS: Record<AssetQuestionnaireState, { waitsFor: Waiter; kind: WorklistKind } | null> = {
  Active: { waitsFor: 'owner', kind: 'answersToFinish' },
  Review: { waitsFor: 'assignedTester', kind: 'reviewJob' },
  Verification: { waitsFor: 'owner', kind: 'documentsRequested' },
  Evaluation: { waitsFor: 'evaluator', kind: 'reviewJob' },
  Declined: { waitsFor: 'owner', kind: 'questionnaireDeclined' },
  DefinitelyDeclined: null,
  Closed: null,
  Expired: null,
};

/**
 * DOMAIN.md §4, state by state: a submitted group (Review) waits for its assigned tester's review of the sample; a group
 * whose sample passed or failed waits for the evaluator's decision. An Active group is submitted when its owner chooses
 * (its objects' answers are their own items); a Closed group waits for nobody.
 */
export const GROUP_WAITS: Record<GroupState, Waiter | null> = {
  Active: null,
  Review: 'assignedTester',
  ReviewPassed: 'evaluator',
  ReviewFailed: 'evaluator',
  Closed: null,
};

/** Labels expiring within this many days are the object administrator's items (issue: "labels expiring within 60 days"). */
export const LABEL_EXPIRY_DAYS = 60;

/** Energy performance certificates ending within this many days are the object administrator's (a new one takes weeks). */
export const EPC_EXPIRY_DAYS = 90;
/** Evidence of current answers ending within this many days (the library's notice, docs/evidence.md). */
export const EVIDENCE_EXPIRY_DAYS = EXPIRY_NOTICE_DAYS;

const REVIEWER_ROLES: readonly Role[] = [Role.ExternalAccreditedTester, Role.InternalTester];

/**
 * The visibility grants through which the actor is the waiter (asset-access.ts): owner roles through their own
 * organisation's grant (never through the account administrator's view of everything, as `actsForOwner`); testers
 * through their assignment, internal testers also through their organisation's check from submission (DOMAIN.md §1);
 * evaluators through the questionnaires in Evaluation.
 */
export const waiterGrants = (actor: AssetActor, waiter: Waiter): AssetGrant[] => {
  switch (waiter) {
    case 'owner':
      if (!actor.roles.some((r) => ANSWERING_ROLES.includes(r))) return [];
      return assetGrants({ ...actor, roles: actor.roles.filter((r) => r !== Role.AccountAdministrator) }).filter((g) => g.kind === 'organisation');
    case 'assignedTester': {
      const grants: AssetGrant[] = actor.roles.some((r) => REVIEWER_ROLES.includes(r)) ? [{ kind: 'assignedTester', userId: actor.userId }] : [];
      if (!actor.orgFinance && actor.roles.includes(Role.InternalTester)) grants.push({ kind: 'internalCheck', orgId: actor.orgId });
      return grants;
    }
    case 'evaluator':
      return actor.roles.includes(Role.Evaluator) ? [{ kind: 'inEvaluation' }] : [];
  }
};

/** One part of a kind's query: filled questionnaires in these states that these grants cover. */
export interface QuestionnairePart {
  states: AssetQuestionnaireState[];
  grants: AssetGrant[];
}

/** What the server asks the database for one actor: one query per kind, each a few indexed conditions. */
export interface WorklistPlan {
  questionnaires: { kind: WorklistKind; parts: QuestionnairePart[] }[];
  /** Groups in `states` assigned to `testerUserId` (null: any tester, the evaluator's decision). */
  groups: { states: GroupState[]; testerUserId: number | null }[];
  /** Current labels of the covered objects valid until a day up to `until` (today included). */
  labelsExpiring: { grants: AssetGrant[]; from: string; until: string } | null;
  /** Objects whose energy performance certificate ends on a day from `from` up to `until`. */
  epcsExpiring: { grants: AssetGrant[]; from: string; until: string } | null;
  /**
   * Objects whose latest filled questionnaire, while it can still be answered (`states`), has an answer whose library
   * document ends on a day from `from` up to `until`.
   */
  evidenceExpiring: { grants: AssetGrant[]; states: AssetQuestionnaireState[]; from: string; until: string } | null;
  /** Webhook subscriptions paused after a day of failures, told to the user who made them. */
  webhooksPaused: { createdBy: number } | null;
  /**
   * Filled questionnaires in `states` whose answers have open plausibility flags (core `openFlagCount`, stored with
   * each save and explanation), for whoever answers them.
   */
  plausibilityFlags: QuestionnairePart | null;
  /**
   * Access requests of buyer organisations, open at `now` (undecided, unexpired; core `isOpenRequest`), for objects
   * these grants cover: whoever decides them in the portal (`accessDecisionGrants`).
   */
  accessRequests: { grants: AssetGrant[]; now: number } | null;
  /**
   * Imports refused because rows failed (core failedImportsWaiting) recorded since `since`, run by `userId` or of
   * `organisationId`, that no later stored import of the same kind for the same organisation followed.
   */
  importsFailed: { userId: number; organisationId: number | null; since: string } | null;
}

/** The states in which open plausibility flags wait for the owner: still being answered, or declined back to it. */
export const FLAG_STATES: readonly AssetQuestionnaireState[] = ['Active', 'Declined'];

/** The plan of one actor's worklist on `today` ('YYYY-MM-DD'), at `now` (default: the start of today, UTC). */
export const worklistPlan = (actor: AssetActor, today: string, now: number = Date.parse(`${today}T00:00:00Z`)): WorklistPlan => {
  const byKind = new Map<WorklistKind, QuestionnairePart[]>();
  for (const [state, waits] of Object.entries(QUESTIONNAIRE_WAITS) as [AssetQuestionnaireState, (typeof QUESTIONNAIRE_WAITS)[AssetQuestionnaireState]][]) {
    if (!waits) continue;
    const grants = waiterGrants(actor, waits.waitsFor).filter((g) => g.kind !== 'internalCheck' || state === 'Review');
    if (grants.length === 0) continue;
    const parts = byKind.get(waits.kind) ?? [];
    const same = parts.find((p) => JSON.stringify(p.grants) === JSON.stringify(grants));
    if (same) same.states.push(state);
    else parts.push({ states: [state], grants });
    byKind.set(waits.kind, parts);
  }
  const groups: WorklistPlan['groups'] = [];
  for (const [state, waiter] of Object.entries(GROUP_WAITS) as [GroupState, Waiter | null][]) {
    if (waiter === 'assignedTester' && actor.roles.some((r) => REVIEWER_ROLES.includes(r))) groups.push({ states: [state], testerUserId: actor.userId });
    if (waiter === 'evaluator' && actor.roles.includes(Role.Evaluator)) groups.push({ states: [state], testerUserId: null });
  }
  const ownerGrants = actor.roles.includes(Role.ObjectAdministrator) ? waiterGrants(actor, 'owner') : [];
  const libraryGrants = mayChangeLibrary(actor) ? waiterGrants(actor, 'owner') : [];
  const answerGrants = waiterGrants(actor, 'owner');
  // The account administrator may decide any organisation's requests (its screen lists them), but they wait for the
  // owners: its view of everything is no item of its own, as for the other owner kinds.
  const deciderGrants = accessDecisionGrants(actor).filter((g) => g.kind !== 'all');
  const answerable = (Object.keys(QUESTIONNAIRE_WAITS) as AssetQuestionnaireState[]).filter((state) => QUESTIONNAIRE_WAITS[state]?.waitsFor === 'owner');
  return {
    questionnaires: [...byKind].map(([kind, parts]) => ({ kind, parts })),
    groups: mergeGroupParts(groups),
    labelsExpiring: ownerGrants.length > 0 ? { grants: ownerGrants, from: today, until: expiresWithinLimit(today, LABEL_EXPIRY_DAYS) } : null,
    epcsExpiring: ownerGrants.length > 0 ? { grants: ownerGrants, from: today, until: expiresWithinLimit(today, EPC_EXPIRY_DAYS) } : null,
    evidenceExpiring: libraryGrants.length > 0 ? { grants: libraryGrants, states: answerable, from: today, until: expiresWithinLimit(today, EVIDENCE_EXPIRY_DAYS) } : null,
    // Whoever may manage webhooks (core webhookScope) hears of the ones it made.
    webhooksPaused: webhookScope(actor) ? { createdBy: actor.userId } : null,
    plausibilityFlags: answerGrants.length > 0 ? { states: [...FLAG_STATES], grants: answerGrants } : null,
    accessRequests: deciderGrants.length > 0 ? { grants: deciderGrants, now } : null,
    importsFailed: failedImportsWaiting(actor, today),
  };
};

const mergeGroupParts = (parts: WorklistPlan['groups']): WorklistPlan['groups'] => {
  const merged: WorklistPlan['groups'] = [];
  for (const p of parts) {
    const same = merged.find((m) => m.testerUserId === p.testerUserId);
    if (same) same.states.push(...p.states);
    else merged.push({ states: [...p.states], testerUserId: p.testerUserId });
  }
  return merged;
};

/** One item as the database answers it, before ranking and words. */
export interface WorklistRow {
  kind: WorklistKind;
  subjectType: 'asset' | 'group' | 'webhook' | 'accessRequest' | 'import';
  subjectId: number;
  subjectName: string;
  /** The filled questionnaire an object's item is about (null for groups, labels, webhooks and imports). */
  questionnaireId: number | null;
  isBuyerAsset: boolean;
  state: string;
  /** Since when it waits: the change into its state (for an expiring label, its issue). */
  since: string;
  /** The last valid day of an expiring label, certificate or document ('YYYY-MM-DD'). */
  dueOn: string | null;
  /** The reason given with the change that made it (a decline's), verbatim; an expiring document's title; the buyer organisation asking for access. */
  note: string | null;
  answered: number | null;
  /** The questions of the questionnaire; for a failed import, its failed rows. */
  total: number | null;
  /** The open plausibility flags of the questionnaire's answers (`plausibilityFlags` only). */
  openFlags: number | null;
}

export interface WorklistItem extends WorklistRow {
  why: string;
  link: string;
}

/**
 * The ranking: by kind (WORKLIST_KINDS), then what is due first (an expiring label's last day), then what has waited
 * longest, then by subject id so that equal items keep one order.
 */
export const compareItems = (a: WorklistRow, b: WorklistRow): number =>
  WORKLIST_KINDS.indexOf(a.kind) - WORKLIST_KINDS.indexOf(b.kind) ||
  (a.dueOn ?? '').localeCompare(b.dueOn ?? '') ||
  Date.parse(a.since) - Date.parse(b.since) ||
  a.subjectId - b.subjectId;

/** The one screen that resolves the item (the web client's routes). */
export const worklistLink = (row: Pick<WorklistRow, 'kind' | 'subjectId' | 'questionnaireId' | 'isBuyerAsset'> & Partial<Pick<WorklistRow, 'state'>>): string => {
  const object = `/asset-management/objects/${row.subjectId}/${row.isBuyerAsset}`;
  switch (row.kind) {
    case 'answersToFinish':
    case 'questionnaireDeclined':
    case 'documentsRequested':
      return `${object}/questionnaire/${row.questionnaireId}/data`;
    case 'reviewJob':
      return `/job-management/check/${row.subjectId}/${row.isBuyerAsset}/data`;
    case 'groupDecision':
      return '/job-management/object-groups';
    case 'labelExpiring':
    case 'epcExpiring':
      return `${object}/edit/data`;
    case 'evidenceExpiring':
    case 'plausibilityFlags':
      return `${object}/questionnaire/${row.questionnaireId}/data`;
    case 'accessRequests':
      return '/asset-management/access-requests';
    case 'webhookPaused':
      // The webhooks screen (under the profile menu): its deliveries say why; delete it and subscribe again.
      return '/webhooks';
    case 'importsFailed':
      // The import page with the entry and its report; a bank's loan tapes are imported on its own screen.
      return `${row.state === 'loans' ? '/financed-emissions' : '/import'}?importId=${row.subjectId}`;
  }
};

const dateText = (date: string, language: Language) => (language === 'de' ? `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}` : date);

/** Why the item is on the list, in the caller's language. */
export const worklistWhy = (row: WorklistRow, language: Language): string => {
  const de = language === 'de';
  switch (row.kind) {
    case 'questionnaireDeclined':
      return de ? 'Der Fragebogen wurde abgelehnt: abgelehnte Antworten ändern und erneut einreichen.' : 'The questionnaire was declined: change the rejected answers and resubmit.';
    case 'documentsRequested':
      return de ? 'Nachweise wurden angefordert: Dokumente hochladen und erneut einreichen.' : 'Evidence was requested: upload the documents and resubmit.';
    case 'reviewJob':
      return row.state === 'Evaluation'
        ? de ? 'Wartet auf die Evaluierung.' : 'Waiting for evaluation.'
        : de ? 'Wartet auf die Prüfung.' : 'Waiting for review.';
    case 'groupDecision':
      return row.state === 'Review'
        ? de ? 'Die Stichprobe der Objektgruppe wartet auf die Prüfung.' : 'The object group’s sample is waiting for review.'
        : de ? 'Die Objektgruppe wartet auf Ihre Entscheidung.' : 'The object group is waiting for your decision.';
    case 'labelExpiring':
      return de ? `Das Label läuft am ${dateText(row.dueOn ?? '', language)} ab: das neue Jahr beginnen.` : `The label expires on ${dateText(row.dueOn ?? '', language)}: start the next year.`;
    case 'epcExpiring':
      return de
        ? `Der Energieausweis gilt bis ${dateText(row.dueOn ?? '', language)}: einen neuen ausstellen lassen und eintragen.`
        : `The energy performance certificate is valid until ${dateText(row.dueOn ?? '', language)}: have a new one issued and enter it.`;
    case 'evidenceExpiring':
      return de
        ? `Der Nachweis „${row.note ?? ''}“ gilt nur bis ${dateText(row.dueOn ?? '', language)}: einen gültigen hochladen.`
        : `The evidence “${row.note ?? ''}” is valid only until ${dateText(row.dueOn ?? '', language)}: upload a valid one.`;
    case 'plausibilityFlags':
      return row.openFlags === 1
        ? de ? 'Ein Wert ist auffällig: prüfen und korrigieren oder begründen.' : 'One figure is implausible: check it, then correct or explain it.'
        : de ? `${row.openFlags ?? 0} Werte sind auffällig: prüfen und korrigieren oder begründen.` : `${row.openFlags ?? 0} figures are implausible: check them, then correct or explain them.`;
    case 'answersToFinish':
      if (row.total !== null && row.answered !== null && row.answered >= row.total) return de ? 'Alle Fragen beantwortet: zur Prüfung einreichen.' : 'Every question answered: submit for review.';
      return de ? `${row.answered ?? 0} von ${row.total ?? 0} Fragen beantwortet.` : `${row.answered ?? 0} of ${row.total ?? 0} questions answered.`;
    case 'accessRequests':
      return de
        ? `${row.note ?? ''} bittet um Lesezugriff auf das Objekt: freigeben oder ablehnen.`
        : `${row.note ?? ''} asks for read access to the object: approve or decline.`;
    case 'importsFailed':
      return row.total === 1
        ? de ? 'Eine Zeile ist fehlgeschlagen, nichts wurde gespeichert: Bericht lesen, Datei korrigieren und erneut importieren.' : 'One row failed and nothing was stored: read the report, correct the file and import it again.'
        : de
          ? `${row.total ?? 0} Zeilen sind fehlgeschlagen, nichts wurde gespeichert: Bericht lesen, Datei korrigieren und erneut importieren.`
          : `${row.total ?? 0} rows failed and nothing was stored: read the report, correct the file and import it again.`;
    case 'webhookPaused':
      return de ? 'Der Webhook ist pausiert: sein Empfänger antwortet seit 24 Stunden nicht.' : 'The webhook is paused: its receiver has been failing for 24 hours.';
  }
};

/**
 * The ranked worklist with its words and links, and the count per kind (the navigation badge). `counted` are the
 * database's full counts where it answered only the first items of a kind; a kind is never counted below its items.
 */
export const worklist = (
  rows: readonly WorklistRow[],
  language: Language,
  counted: Partial<Record<WorklistKind, number>> = {},
): { items: WorklistItem[]; counts: Record<WorklistKind, number>; total: number } => {
  const items = [...rows].sort(compareItems).map((r) => ({ ...r, why: worklistWhy(r, language), link: worklistLink(r) }));
  const counts = Object.fromEntries(WORKLIST_KINDS.map((k) => [k, rows.filter((r) => r.kind === k).length])) as Record<WorklistKind, number>;
  for (const k of WORKLIST_KINDS) counts[k] = Math.max(counts[k], counted[k] ?? 0);
  return { items, counts, total: Object.values(counts).reduce((sum, n) => sum + n, 0) };
};
