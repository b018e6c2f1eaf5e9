import multipart from '@fastify/multipart';
import * as E from 'fp-ts/Either';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerableQuestions, type AnswerStructure } from '@ecore/core/answering/applicability.ts';
import type { AnswerState, AssetQuestionnaireState } from '@ecore/core/answering/answers.ts';
import { pickTemplate, reportingYearOf } from '@ecore/core/answering/versions.ts';
import { scopeCoversAsset, type ImportScope } from '@ecore/core/imports/import-access.ts';
import type { ExistingObject } from '@ecore/core/imports/object-plan.ts';
import {
  ANSWER_TEMPLATE_FILE_NAMES,
  answerColumns,
  answerObjectHeaders,
  answerTemplateHeader,
  answerTemplateQuestions,
  planAnswerImport,
  questionUnit,
  rowTarget,
  writeAnswerRow,
  type AnswerImportObject,
} from '@ecore/core/imports/answer-import.ts';
import { importNote } from '@ecore/core/imports/import-note.ts';
import { importResult, mapHeader, nonEmptyRows } from '@ecore/core/imports/import-table.ts';
import { allQuestions, optionTextIn, questionTitleIn, type Question } from '@ecore/core/questionnaires/template.ts';
import { lockDecision } from '@ecore/core/questionnaires/locks.ts';
import { isLanguage, type Language } from '@ecore/core/shared/language.ts';
import { flagParam, idParam, numberChoiceParam } from '@ecore/core/shared/schemas.ts';
import {
  findImportTargets,
  groupsOfOrganisation,
  insertImport,
  insertStartedQuestionnaires,
  latestSheetsOf,
  lockLatestQuestionnaires,
  objectIdsOfGroup,
  templateIdsOfOrganisation,
  writeAdjustments,
  writeImportedAnswers,
  writeProgresses,
  type ImportedAnswer,
} from '@ecore/adapters/db/imports/imports-repository.ts';
import { findActiveTemplateIds } from '@ecore/adapters/db/questionnaires/templates-repository.ts';
import { groupReviewOf } from '@ecore/adapters/db/review/review-repository.ts';
import { writeCsv, writeTemplateWorkbook } from '@ecore/adapters/imports/template-file.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { actorName, LockedError, structureFor } from '../answering/context.ts';
import { sendDownload } from '../exports/download.ts';
import { createTemplateCache, type ScoredTemplate } from '../questionnaires/template-cache.ts';
import { createScoreKeeper } from '../scoring/stored-score.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { importedSave } from './imported-saves.ts';
import { importedReport, refuseFailedRows } from './import-report.ts';
import { importContext, importRefusalSchema, importResultSchema, multipartLimits, readTable, uploadedFile } from './object-import.ts';

const tags = ['imports'];
const security = [{ bearerAuth: [] }];
const languageQuery = z.enum(['de', 'en']).optional();
const formatQuery = numberChoiceParam([1, 2], { key: 'validation-generic' }).prefault(2).describe('1 CSV, 2 Excel');

const SHEET_NAMES = {
  de: { data: 'Antworten', lists: 'Listen', explanation: 'Erläuterungen' },
  en: { data: 'Answers', lists: 'Lists', explanation: 'Explanation' },
} as const;
const EXPLANATION_HEADER = { de: ['Spalte', 'Kennung', 'Erläuterung', 'Erlaubte Werte'], en: ['Column', 'Identifier', 'Explanation', 'Allowed values'] } as const;
const OBJECT_EXPLANATIONS = {
  de: ['Portal-ID des Objekts (nicht ändern)', 'Ihre eigene Kennung des Objekts', 'zur Orientierung; wird nicht gelesen'],
  en: ["the object's portal ID (do not change)", 'your own reference of the object', 'for orientation; not read'],
} as const;
const QUESTION_EXPLANATIONS: Record<Question['type'], Record<Language, string>> = {
  ValueQuestion: { de: 'Zahl ≥ 0 (Dezimalkomma)', en: 'number ≥ 0' },
  SingleChoice: { de: 'eine Antwortoption (Text oder Nummer in der Liste)', en: 'one option (its text or its number in the list)' },
  MultipleChoice: { de: 'Antwortoptionen, getrennt durch „;“', en: 'options separated by ";"' },
  VirtualQuestion: { de: 'wird berechnet', en: 'computed' },
};
const EMPTY_RULE = {
  de: 'Leere Zelle: die Antwort bleibt, wie sie ist. „—“ (grau): die Frage gilt nicht für das Objekt, die Zelle bleibt leer.',
  en: 'Empty cell: the answer stays as it is. "—" (grey): the question does not apply to the object; leave the cell empty.',
} as const;

/** An object of the organisation with what the answer import needs of it. */
interface LoadedObject {
  object: ExistingObject;
  import: AnswerImportObject;
  template: ScoredTemplate | null;
  sheetId: number | null;
  answers: NonNullable<AnswerImportObject['questionnaire']>['answers'];
}

/** Questionnaires whose imported answers, progress and scores are written together (batches of at most 1 000 rows). */
const WRITE_EVERY = 250;

/** Answer imports (issue 20, DOMAIN.md §10): the group's template prefilled with today's answers, the preview and the import. */
export const answerImportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(multipart, multipartLimits);
  const templates = createTemplateCache(deps.db);
  const scores = createScoreKeeper(app, deps.db, deps.clock);

  const templateOf = async (id: number) => {
    const template = await templates.get(id);
    if (!template) throw new HttpError(404, 'not-found');
    return template;
  };

  /** The questions an answer file may name: those of the active templates and of every template the organisation's questionnaires are on. */
  const universeOf = async (organisationId: number, actives: Record<string, number | undefined>) => {
    const ids = new Set([...Object.values(actives).filter((id): id is number => id !== undefined), ...(await templateIdsOfOrganisation(deps.db, organisationId))]);
    const questions: Question[] = [];
    for (const id of [...ids].sort((a, b) => a - b)) questions.push(...allQuestions(await templateOf(id)));
    return questions;
  };

  /**
   * The objects, with their latest questionnaire (or the template a start takes, DOMAIN.md §9), the structure each
   * answers, its lock's holder for this actor and its answers: a fixed number of queries for any number of objects.
   */
  const loadObjects = async (objects: readonly ExistingObject[], scope: ImportScope, userId: number, actives: Record<string, number | undefined>) => {
    const sheets = await latestSheetsOf(deps.db, objects.map((o) => o.id));
    const structures = new Map<string, AnswerStructure>();
    const loaded = new Map<number, LoadedObject>();
    // Each template once per request (a read of the cache asks the database for its stamp).
    const read = new Map<number, Promise<ScoredTemplate>>();
    const templateOnce = (id: number) => {
      let found = read.get(id);
      if (!found) read.set(id, (found = templateOf(id)));
      return found;
    };
    for (const object of objects) {
      const sheet = sheets.get(object.id) ?? null;
      const templateId = sheet?.questionnaireId ?? pickTemplate(object.fields.conditionsAndEnvironmentGoals, object.fields.isBuyerAsset ?? false, actives);
      const template = templateId === null ? null : await templateOnce(templateId);
      let structure: AnswerStructure | null = null;
      if (template) {
        const key = `${template.id}|${object.fields.assetAssetTypes.map((s) => `${s.assetTypeId}:${s.percentage}`).join(',')}`;
        structure = structures.get(key) ?? structureFor(template, object.fields);
        structures.set(key, structure);
      }
      const lock = sheet ? lockDecision(sheet.lock, userId, deps.clock()) : null;
      const answers = (sheet?.answers ?? []).map((a) => ({ ...a, state: a.state as AnswerState | null }));
      loaded.set(object.id, {
        object,
        template,
        sheetId: sheet?.id ?? null,
        answers,
        import: {
          id: object.id,
          externalId: object.fields.externalId ?? null,
          reachable: scopeCoversAsset(scope, { id: object.id, assetGroupId: object.assetGroupId }),
          structure,
          questionnaire: sheet ? { state: sheet.state as AssetQuestionnaireState, lockHolder: lock?.outcome === 'held' ? lock.currentLockerName : null, answers } : null,
        },
      });
    }
    return loaded;
  };

  app.get(
    '/import/answers/template',
    {
      schema: {
        tags,
        security,
        summary:
          "The answer import template of a group: one row per object (id, externalId, objectName), one column per question that applies to any of them (title and unit), prefilled with today's answers; a cell whose question does not apply is marked \"—\" (greyed in Excel)",
        querystring: z.object({ assetGroupId: idParam, language: languageQuery, exportFormat: formatQuery, organisationId: idParam.optional().describe('AccountAdministrator: the organisation of the group') }),
        response: { ...errorResponses, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const { organisation, scope } = await importContext(app, deps, request, 'answers', request.query.organisationId);
      const language: Language = request.query.language ?? request.language;
      const group = (await groupsOfOrganisation(deps.db, organisation.id)).find((g) => g.id === request.query.assetGroupId);
      if (!group || (scope.groupIds !== null && !scope.groupIds.includes(group.id))) throw new HttpError(404, 'not-found');
      const ids = await objectIdsOfGroup(deps.db, organisation.id, group.id);
      const { byId } = await findImportTargets(deps.db, organisation.id, [], ids);
      const objects = ids.flatMap((id) => {
        const o = byId.get(id);
        return o && scopeCoversAsset(scope, { id: o.id, assetGroupId: o.assetGroupId }) ? [o] : [];
      });
      const actives = await findActiveTemplateIds(deps.db);
      const loaded = [...(await loadObjects(objects, scope, request.actor.userId, actives)).values()];
      const universe = await universeOf(organisation.id, actives);
      const questions = answerTemplateQuestions(loaded.map((l) => l.import.structure));
      const header = answerTemplateHeader(questions, universe, language);
      const rows = loaded.map((l) =>
        writeAnswerRow({ id: l.object.id, externalId: l.import.externalId, name: l.object.fields.objectName, structure: l.import.structure, answers: l.answers }, questions, language),
      );
      if (request.query.exportFormat === 1) return sendDownload(reply, writeCsv(header, rows.map((r) => r.cells), language), `${ANSWER_TEMPLATE_FILE_NAMES[language]}-${group.id}`, new Date(deps.clock()));
      const objectHeaders = answerObjectHeaders(language);
      const file = await writeTemplateWorkbook({
        language,
        names: SHEET_NAMES[language],
        explanationHeader: [...EXPLANATION_HEADER[language]] as [string, string, string, string],
        columns: [
          ...objectHeaders.map((h, i) => ({ header: h, key: ['id', 'externalId', 'objectName'][i]!, explanation: i === 0 ? `${OBJECT_EXPLANATIONS[language][i]}. ${EMPTY_RULE[language]}` : OBJECT_EXPLANATIONS[language][i]! })),
          ...questions.map((q, i) => ({
            header: header[i + objectHeaders.length]!,
            key: q.staticTitle,
            explanation: `${questionTitleIn(q, language)}${questionUnit(q) ? ` (${questionUnit(q)})` : ''}: ${QUESTION_EXPLANATIONS[q.type][language]}`,
            ...(q.type === 'SingleChoice' ? { options: [...q.options].sort((a, b) => a.order - b.order).map((o) => optionTextIn(o, language)) } : {}),
          })),
        ],
        rows: rows.map((r) => r.cells),
        greyed: rows.flatMap((r, i) => r.notApplicable.map((c): [number, number] => [i, c])),
      });
      return sendDownload(reply, file, `${ANSWER_TEMPLATE_FILE_NAMES[language]}-${group.id}`, new Date(deps.clock()));
    },
  );

  app.post(
    '/import/answers',
    {
      schema: {
        tags,
        security,
        summary:
          "Previews (dryRun, the default) or imports answers from a CSV or Excel file (multipart field `file`) through the answering rules, writing the change log marked with the file's name; any failed row answers 400 with the rows and stores none of them (with dryRun=false the refusal is recorded in the history as failed, `importId`)",
        consumes: ['multipart/form-data'],
        querystring: z.object({
          dryRun: flagParam.prefault(true),
          language: languageQuery.describe("the file's language (numbers, texts); default the request's"),
          organisationId: idParam.optional().describe('AccountAdministrator: the organisation imported for'),
        }),
        response: { 200: importResultSchema, 400: importRefusalSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 413: errorSchema, 423: errorSchema },
      },
    },
    async (request, reply) => {
      const { assetActor, organisation, scope } = await importContext(app, deps, request, 'answers', request.query.organisationId);
      const language: Language = request.query.language && isLanguage(request.query.language) ? request.query.language : request.language;
      const { bytes, fileName } = await uploadedFile(request);
      const table = await readTable(bytes);
      const actives = await findActiveTemplateIds(deps.db);
      const universe = await universeOf(organisation.id, actives);
      const mapped = mapHeader(table.header, answerColumns(universe).columnOf);
      if (E.isLeft(mapped)) throw new HttpError(mapped.left.statusCode, mapped.left.key, mapped.left.params ?? {});
      const headers = table.header.map((h) => (h === null ? '' : String(h).trim()));
      const dataRows = nonEmptyRows(table.rows);
      const named = dataRows.map((r) => rowTarget(r.cells, mapped.right));
      const targets = await findImportTargets(
        deps.db,
        organisation.id,
        named.flatMap((n) => (n.externalId === null ? [] : [n.externalId])),
        named.flatMap((n) => (n.id === null ? [] : [n.id])),
      );
      const loaded = await loadObjects([...targets.byId.values()], scope, assetActor.userId, actives);
      const byId = new Map([...loaded.values()].map((l) => [l.object.id, l.import]));
      const byExternalId = new Map([...loaded.values()].flatMap((l) => (l.import.externalId === null ? [] : [[l.import.externalId, l.import] as const])));
      const plan = planAnswerImport(dataRows, mapped.right, headers, { language, byId, byExternalId });
      const groupNames = new Map((await groupsOfOrganisation(deps.db, organisation.id)).map((g) => [g.id, g.name]));
      const outcomes = plan.map((p) => {
        const object = p.assetId === null ? undefined : loaded.get(p.assetId)?.object;
        const shown = object ? { objectName: object.fields.objectName, externalId: object.fields.externalId ?? null, objectGroup: groupNames.get(object.assetGroupId) ?? null } : {};
        return { row: p.row, status: p.status, assetId: p.assetId, errors: p.problems, ...shown };
      });
      const dryRun = request.query.dryRun;
      if (plan.some((p) => p.status === 'failed'))
        return refuseFailedRows(reply, { app, deps, actor: request.actor, language: request.language }, {
          dryRun,
          organisationId: organisation.id,
          userId: assetActor.userId,
          kind: 'answers',
          fileName,
          header: headers,
          dataRows,
          groupsCreated: 0,
          outcomes,
        });
      const result = importResult(dryRun, 0, outcomes, request.language);
      if (dryRun) return result;

      const at = new Date(deps.clock());
      const by = await actorName(app, deps.db, request.actor);
      const scoring = await scores.prepare();
      const writes = plan.filter((p) => p.changes.length > 0).map((p) => ({ planned: p, target: loaded.get(p.assetId!)! }));
      // Sampled sheets of a declined group count their first change as an adjustment, as a save by hand does.
      const sampled = new Set<number>();
      for (const groupId of new Set(writes.map((w) => w.target.object.assetGroupId))) for (const id of (await groupReviewOf(deps.db, groupId))?.submission?.sampledAssetIds ?? []) sampled.add(id);
      const note = importNote(fileName);
      await deps.db.transaction().execute(async (trx) => {
        // The objects' latest questionnaires locked as a save by hand locks its own: none started or replaced since the read.
        const assetIds = writes.map((w) => w.target.object.id);
        const locked = await lockLatestQuestionnaires(trx, assetIds);
        if (writes.some((w) => (locked.get(w.target.object.id)?.id ?? null) !== w.target.sheetId)) throw new HttpError(409, 'questionnaire-stale');
        const reportingYear = reportingYearOf(at.getTime());
        const started = await insertStartedQuestionnaires(
          trx,
          writes
            .filter((w) => w.planned.start)
            .map((w) => ({ assetId: w.target.object.id, questionnaireId: w.target.template!.id, reportingYear, createdBy: assetActor.userId, total: answerableQuestions(w.target.import.structure!).length })),
          at,
        );
        // The rules decided again on what is locked now (state, lock, answers): a change since the preview refuses the import.
        const fresh = await latestSheetsOf(trx, assetIds);
        const again = new Map(
          writes.map((w) => {
            const sheet = fresh.get(w.target.object.id)!;
            const lock = lockDecision(sheet.lock, assetActor.userId, deps.clock());
            const answers = sheet.answers.map((a) => ({ ...a, state: a.state as AnswerState | null }));
            const questionnaire = { state: sheet.state as AssetQuestionnaireState, lockHolder: lock.outcome === 'held' ? lock.currentLockerName : null, answers };
            return [w.target.object.id, { ...w.target.import, questionnaire }] as const;
          }),
        );
        const rows = new Set(writes.map((w) => w.planned.row));
        const replanned = planAnswerImport(
          dataRows.filter((r) => rows.has(r.row)),
          mapped.right,
          headers,
          { language, byId: again, byExternalId: new Map([...again.values()].flatMap((o) => (o.externalId === null ? [] : [[o.externalId, o] as const]))) },
        );
        const answers: ImportedAnswer[] = [];
        const progresses: { id: number; answered: number; total: number }[] = [];
        const scored: Parameters<typeof scoring.storeMany>[1][number][] = [];
        // Written every WRITE_EVERY questionnaires (in the one transaction), so that what a large file's rows become
        // (answers with their change-log texts, scores) is not all held at once.
        const flush = async () => {
          await writeImportedAnswers(trx, answers.splice(0), { userId: assetActor.userId, name: by, note }, at);
          await writeProgresses(trx, progresses.splice(0));
          await scoring.storeMany(trx, scored.splice(0));
        };
        for (const p of replanned) {
          const holder = p.problems.find((problem) => problem.key === 'questionnaire-locked');
          if (holder) throw new LockedError({ currentLockerName: String(holder.params?.name ?? ''), lastActivity: fresh.get(p.assetId!)?.lock?.lastActivity ?? deps.clock() });
          if (p.status === 'failed') throw new HttpError(409, 'questionnaire-stale');
          const target = loaded.get(p.assetId!)!;
          const structure = target.import.structure!;
          const row = locked.get(target.object.id) ?? started.get(target.object.id)!;
          // Decided as a save by hand (core decideSave) on the questionnaire as read under its lock.
          const saved = importedSave(fresh.get(target.object.id)!, p.changes, { userId: assetActor.userId, now: at.getTime(), structure, sampled: sampled.has(target.object.id), note });
          answers.push(...saved.answers);
          if (saved.adjustments !== null) await writeAdjustments(trx, row.id, saved.adjustments);
          progresses.push({ id: row.id, answered: saved.outcome.progress.answered, total: saved.outcome.progress.total });
          const { country, assetAssetTypes, assetTotalArea } = target.object.fields;
          scored.push({ template: target.template!, object: { country, assetAssetTypes, area: assetTotalArea }, questionnaire: row, answers: saved.outcome.answers });
          if (scored.length >= WRITE_EVERY) await flush();
        }
        await flush();
        await insertImport(trx, {
          organisationId: organisation.id,
          userId: assetActor.userId,
          userName: by,
          kind: 'answers',
          fileName,
          outcome: 'imported',
          counts: { ...result, groupsCreated: 0 },
          report: importedReport(headers, dataRows, (i) => plan[i]!.status),
          at,
        });
      });
      return { ...result, dryRun: false };
    },
  );
};
