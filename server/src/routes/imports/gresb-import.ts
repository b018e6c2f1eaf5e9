import * as E from 'fp-ts/Either';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerableQuestions } from '@ecore/core/answering/applicability.ts';
import type { AnswerState, AssetQuestionnaireState } from '@ecore/core/answering/answers.ts';
import { pickTemplate } from '@ecore/core/answering/versions.ts';
import type { ImportScope } from '@ecore/core/imports/import-access.ts';
import { importNote } from '@ecore/core/imports/import-note.ts';
import { importResult, mapHeader, nonEmptyRows, type Cell, type ImportTable, type RowProblem } from '@ecore/core/imports/import-table.ts';
import { planObjectImport, type ExistingObject } from '@ecore/core/imports/object-plan.ts';
import { lockDecision } from '@ecore/core/questionnaires/locks.ts';
import { gresbColumnOf, gresbIntensities, readGresbRow } from '@ecore/core/reporting/gresb-read.ts';
import { gresbAnswerChanges, gresbObjectRow, gresbTargets, storedFigures, storedNameAddressKey, type GresbSheet } from '@ecore/core/reporting/gresb-import.ts';
import { yearFactors } from '@ecore/core/scoring/stranding.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import {
  applyObjectPlan,
  findImportTargets,
  groupsOfOrganisation,
  ImportConflict,
  insertImport,
  insertStartedQuestionnaires,
  latestSheetsOf,
  lockLatestQuestionnaires,
  writeAdjustments,
  writeImportedAnswers,
  writeProgresses,
  type ImportedAnswer,
} from '@ecore/adapters/db/imports/imports-repository.ts';
import { groupReviewOf } from '@ecore/adapters/db/review/review-repository.ts';
import type { ImportOrganisation } from '@ecore/adapters/db/imports/imports-repository.ts';
import { objectIdsNamed, reportingYearsOf } from '@ecore/adapters/db/reporting/gresb-repository.ts';
import { findActiveTemplateIds } from '@ecore/adapters/db/questionnaires/templates-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { actorName, structureFor } from '../answering/context.ts';
import { importedSave } from './imported-saves.ts';
import { importedReport, refuseFailedRows } from './import-report.ts';
import type { ScoredTemplate } from '../questionnaires/template-cache.ts';
import type { createTemplateCache } from '../questionnaires/template-cache.ts';
import type { createScoreKeeper } from '../scoring/stored-score.ts';

interface GresbImportDeps {
  app: FastifyInstance;
  deps: AppDeps;
  templates: ReturnType<typeof createTemplateCache>;
  scores: ReturnType<typeof createScoreKeeper>;
  references: () => Promise<Parameters<typeof yearFactors>[0]>;
}

interface GresbImportRequest {
  table: ImportTable;
  fileName: string;
  organisation: ImportOrganisation;
  scope: ImportScope;
  userId: number;
  actor: Parameters<typeof actorName>[2];
  /** The file's language (numbers). */
  language: Language;
  /** The language of the answer's messages. */
  answerLanguage: Language;
  dryRun: boolean;
}

/**
 * A GRESB-shaped file through the object import (issue 41, docs/gresb.md "Import"): objects by partners_id or name +
 * address (new ones in the group GRESB), then the consumption answers of each object's questionnaire of the row's year
 * from the absolute figures ÷ size. The same preview, all-or-nothing import, row errors and history as the object import.
 */
export async function importGresb(reply: FastifyReply, d: GresbImportDeps, req: GresbImportRequest) {
  const { deps, templates } = d;
  const { table, organisation, scope } = req;
  const mapped = mapHeader(table.header, gresbColumnOf);
  if (E.isLeft(mapped)) throw new HttpError(mapped.left.statusCode, mapped.left.key, mapped.left.params ?? {});
  const headers = table.header.map((h) => (h === null ? '' : String(h).trim()));
  const headerOfColumn = (key: string) => headers[mapped.right.findIndex((c) => c?.key === key)] || key;
  // The object plan names its own columns (`id`, `objectGroup`, form fields): said as the GRESB column they come from.
  const PLAN_COLUMNS: Record<string, string> = { id: 'partners_id', externalId: 'partners_id', objectGroup: 'partners_id', objectName: 'name', assetTotalArea: 'size', constructionYear: 'construction_year', street: 'address', streetNumber: 'address', zip: 'address', assetAssetTypes: 'property_type_code' };
  const headerOf = (key: string) => headerOfColumn(PLAN_COLUMNS[key] ?? key);

  const dataRows = nonEmptyRows(table.rows);
  const rows = dataRows.map((r) => {
    const cells = new Map<string, Cell>();
    mapped.right.forEach((c, i) => {
      if (c) cells.set(c.key, r.cells[i] ?? null);
    });
    return readGresbRow(r.row, cells, headerOf, req.language);
  });

  const named = await findImportTargets(deps.db, organisation.id, [], rows.flatMap((r) => (r.partnersId === null ? [] : [r.partnersId])));
  const byName = await findImportTargets(deps.db, organisation.id, [], await objectIdsNamed(deps.db, organisation.id, rows.flatMap((r) => (r.name === null ? [] : [r.name]))));
  const byNameAddress = new Map([...byName.byId.values()].map((o) => [storedNameAddressKey(o), o]));
  const targets = gresbTargets(rows, { byId: named.byId, byNameAddress, scope, headerOf });
  const byId = new Map<number, ExistingObject>([...named.byId, ...byName.byId]);
  const objectRows = rows.map((r, i) => gresbObjectRow(r, targets[i]!.target, targets[i]!.problems, headerOf));
  const groups = await groupsOfOrganisation(deps.db, organisation.id);
  const plan = planObjectImport(objectRows, { byExternalId: new Map(), byId, groups, scope, headerOf });

  // The questionnaire each object fills: its latest (which must be of the row's year), else one started on the template DOMAIN.md §9 picks.
  const targetIds = plan.rows.flatMap((p) => (p.assetId === null ? [] : [p.assetId]));
  const sheets = await latestSheetsOf(deps.db, targetIds);
  const years = await reportingYearsOf(deps.db, [...sheets.values()].map((s) => s.id));
  const actives = await findActiveTemplateIds(deps.db);
  const referenceData = await d.references();
  const now = deps.clock();
  const read = new Map<number, Promise<ScoredTemplate | null>>();
  const templateOnce = (id: number) => {
    let found = read.get(id);
    if (!found) read.set(id, (found = templates.get(id).then((t) => t ?? null)));
    return found;
  };
  const answerPlans: (ReturnType<typeof gresbAnswerChanges> & {
    template: ScoredTemplate | null;
    structure: ReturnType<typeof structureFor> | null;
    sheetId: number | null;
    year: number;
    fields: ExistingObject['fields'];
    current: GresbSheet['answers'];
  } | null)[] = [];
  for (const [i, p] of plan.rows.entries()) {
    const r = rows[i]!;
    if (p.status === 'failed' || r.year === null) {
      answerPlans.push(null);
      continue;
    }
    const fields = p.status === 'unchanged' ? byId.get(p.assetId)!.fields : p.body;
    const stored = p.assetId === null ? undefined : sheets.get(p.assetId);
    const templateId = stored?.questionnaireId ?? pickTemplate(fields.conditionsAndEnvironmentGoals, organisation.isBuyer, actives);
    const template = templateId === null ? null : await templateOnce(templateId);
    const structure = template ? structureFor(template, fields) : null;
    const lock = stored ? lockDecision(stored.lock, req.userId, now) : null;
    const sheet: GresbSheet | null = stored
      ? {
          state: stored.state as AssetQuestionnaireState,
          reportingYear: years.get(stored.id) ?? r.year,
          lockHolder: lock?.outcome === 'held' ? lock.currentLockerName : null,
          answers: stored.answers.map((a) => ({ ...a, state: a.state as AnswerState | null })),
        }
      : null;
    const intensities = gresbIntensities(r, yearFactors(referenceData, fields.country, r.year), structure ? storedFigures(structure, sheet) : {});
    const planned = gresbAnswerChanges(r.year, structure, sheet, intensities, headerOf);
    answerPlans.push({ ...planned, template, structure, sheetId: stored?.id ?? null, year: r.year, fields, current: sheet?.answers ?? [] });
  }

  const groupNames = new Map(groups.map((g) => [g.id, g.name]));
  const outcomes = plan.rows.map((p, i) => {
    const a = answerPlans[i];
    const errors: RowProblem[] = [...p.problems, ...(a?.problems ?? [])];
    const status = errors.length > 0 ? 'failed' : p.status === 'unchanged' && (a?.changes.length ?? 0) > 0 ? 'updated' : p.status;
    const target = p.assetId === null ? undefined : byId.get(p.assetId);
    return { row: p.row, status, assetId: p.assetId, errors, ...p.object, objectGroup: p.object.objectGroup ?? (target ? (groupNames.get(target.assetGroupId) ?? null) : null) };
  });
  const failed = outcomes.some((o) => o.status === 'failed');
  if (failed)
    return refuseFailedRows(reply, { app: d.app, deps, actor: req.actor, language: req.answerLanguage }, {
      dryRun: req.dryRun,
      organisationId: organisation.id,
      userId: req.userId,
      kind: 'assets',
      fileName: req.fileName,
      header: headers,
      dataRows,
      groupsCreated: plan.groupsToCreate.length,
      outcomes,
    });
  if (req.dryRun) return importResult(true, plan.groupsToCreate.length, outcomes, req.answerLanguage);

  const at = new Date(now);
  const by = await actorName(d.app, deps.db, req.actor);
  const scoring = await d.scores.prepare();
  const note = importNote(req.fileName);
  return deps.db
    .transaction()
    .execute(async (trx) => {
      const ids = await applyObjectPlan(trx, plan, { organisationId: organisation.id, isBuyerAsset: organisation.isBuyer, createdBy: req.userId }, at);
      const assetOf = (i: number) => plan.rows[i]!.assetId ?? ids.get(plan.rows[i]!.row)!;
      const writes = answerPlans.flatMap((a, i) => (a && a.changes.length > 0 ? [{ ...a, assetId: assetOf(i) }] : []));
      // The questionnaires written are locked as a save by hand locks its own: none started or replaced since the preview's read.
      const locked = await lockLatestQuestionnaires(trx, writes.map((w) => w.assetId));
      if (writes.some((w) => (locked.get(w.assetId)?.id ?? null) !== w.sheetId)) throw new HttpError(409, 'questionnaire-stale');
      const started = await insertStartedQuestionnaires(
        trx,
        writes.filter((w) => w.sheetId === null).map((w) => ({ assetId: w.assetId, questionnaireId: w.template!.id, reportingYear: w.year, createdBy: req.userId, total: answerableQuestions(w.structure!).length })),
        at,
      );
      const answers: ImportedAnswer[] = [];
      const progresses: { id: number; answered: number; total: number }[] = [];
      const scored: Parameters<typeof scoring.storeMany>[1][number][] = [];
      // Decided as a save by hand (core decideSave) on the questionnaires as read under their locks; a sampled
      // sheet of a declined group counts its first change as an adjustment, as everywhere.
      const fresh = await latestSheetsOf(trx, writes.map((w) => w.assetId));
      const { byId: written } = await findImportTargets(trx, organisation.id, [], writes.map((w) => w.assetId));
      const sampled = new Set<number>();
      for (const groupId of new Set([...written.values()].map((o) => o.assetGroupId))) for (const id of (await groupReviewOf(trx, groupId))?.submission?.sampledAssetIds ?? []) sampled.add(id);
      for (const w of writes) {
        const row = locked.get(w.assetId) ?? started.get(w.assetId)!;
        const saved = importedSave(fresh.get(w.assetId)!, w.changes, { userId: req.userId, now: at.getTime(), structure: w.structure!, sampled: sampled.has(w.assetId), note });
        answers.push(...saved.answers);
        if (saved.adjustments !== null) await writeAdjustments(trx, row.id, saved.adjustments);
        progresses.push({ id: row.id, answered: saved.outcome.progress.answered, total: saved.outcome.progress.total });
        scored.push({ template: w.template!, object: { country: w.fields.country, assetAssetTypes: w.fields.assetAssetTypes, area: w.fields.assetTotalArea }, questionnaire: row, answers: saved.outcome.answers });
      }
      await writeImportedAnswers(trx, answers, { userId: req.userId, name: by, note }, at);
      await writeProgresses(trx, progresses);
      await scoring.storeMany(trx, scored);
      const withIds = outcomes.map((o, i) => (o.status === 'created' ? { ...o, assetId: assetOf(i) } : o));
      const result = importResult(false, plan.groupsToCreate.length, withIds, req.answerLanguage);
      await insertImport(trx, {
        organisationId: organisation.id,
        userId: req.userId,
        userName: by,
        kind: 'assets',
        fileName: req.fileName,
        outcome: 'imported',
        counts: result,
        report: importedReport(headers, dataRows, (i) => withIds[i]!.status),
        at,
      });
      return result;
    })
    .catch((error: unknown) => {
      if (error instanceof ImportConflict) throw new HttpError(409, 'objects-version-conflict');
      throw error;
    });
}
