import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { writtenAnswer, type AnswerValueRow, type ChangeRow, type QuestionnaireFigures, type WrittenAnswer, type WrittenRow } from './sheet-repository.ts';

/**
 * What a save decided on a sheet as a process kept it is written under: the run is still the object's latest and still
 * that version, checked with its row locked as every save locks it (`ecore_lock_unchanged_sheet`, migrations 091 and
 * 092: it is sent the version's SHA-256 digest).
 */
export interface SheetGuard {
  questionnaireId: number;
  version: string;
}

/**
 * A save of one answer decided on a filled questionnaire as a process kept it (`saveKeptAnswer`): the answer's new value
 * over the row version the sheet read (`answer` null: the question's first answer, created), its change-log row and the run's
 * stored score and progress after it, written only while the run is still the object's latest and still the version
 * decided on (`guard`).
 */
export interface KeptWrite {
  guard: SheetGuard;
  answer: { id: number; rowVersion: string } | null;
  value: AnswerValueRow;
  by: string;
  at: Date;
  change: ChangeRow;
  figures: QuestionnaireFigures;
}

type BatchRow = WrittenRow & { n: number };

const frozenTexts = new WeakMap<object, string>();
const memberText = (member: unknown): string => {
  if (member === null || typeof member !== 'object' || !Object.isFrozen(member)) return JSON.stringify(member) ?? 'null';
  let text = frozenTexts.get(member);
  if (text === undefined) frozenTexts.set(member, (text = JSON.stringify(member)));
  return text;
};

/**
 * The JSON text of an object (as JSON.stringify writes it), whose frozen members' texts are made once per member: a
 * questionnaire's stored score holds its stranding projections, the same frozen objects from save to save while the
 * consumption answers stay (core/src/scoring/score.ts), and they are most of its text.
 */
export const jsonText = (value: unknown): string => {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || Object.isFrozen(value)) return memberText(value);
  const parts: string[] = [];
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined || typeof member === 'function') continue;
    parts.push(`${JSON.stringify(key)}:${memberText(member)}`);
  }
  return `{${parts.join(',')}}`;
};

/** The saves as one JSON array (one parameter: a row's score is written into it as it is, not quoted again). */
const rowsText = (writes: readonly KeptWrite[]) =>
  `[${writes
    .map((w, i) => {
      const row = JSON.stringify({
        n: i + 1,
        qid: w.guard.questionnaireId,
        version: createHash('sha256').update(w.guard.version).digest('hex'),
        answer_id: w.answer?.id ?? null,
        row_version: w.answer?.rowVersion ?? null,
        question_id: w.change.questionId,
        input_answer: w.value.inputAnswer,
        option_ids: w.value.multipleChoiceOption,
        state: w.value.state,
        decline: w.value.changedSinceDecline ?? null,
        by_name: w.by,
        at: w.at.toISOString(),
        kind: w.change.kind,
        user_id: w.change.userId,
        old_value: w.change.oldValue ?? null,
        new_value: w.change.newValue ?? null,
        note: w.change.note,
        ecore: w.figures.ecore,
        finance: w.figures.finance,
        scored_at: w.figures.scoredAt.toISOString(),
        answered: w.figures.answered,
        total: w.figures.total,
      });
      return `${row.slice(0, -1)},"summary":${jsonText(w.figures.summary)}}`;
    })
    .join(',')}]`;

/**
 * Writes saves of answers to different filled questionnaires in one statement, each as `writeAnswerWithChange` /
 * `createAnswerWithChange` with the figures and the guard would: per save, its answer (over the row version read, or
 * created), its change-log row and its run's score and progress, only while its run is unchanged
 * (`ecore_lock_unchanged_sheet`, migration 091: it locks the run's row as every save does, the runs in the order of
 * their ids). A save whose run changed writes nothing and is answered null; the others are written all the same. The
 * statement is its own transaction: everything it wrote is committed when it answers. The statement itself is the
 * function `ecore_write_kept_answers` (migration 095), planned once per connection.
 */
export async function writeKeptAnswers(db: Kysely<DB>, writes: readonly KeptWrite[]): Promise<(WrittenAnswer | null)[]> {
  if (new Set(writes.map((w) => w.guard.questionnaireId)).size !== writes.length) throw new Error('writeKeptAnswers: one save per filled questionnaire');
  const { rows } = await sql<BatchRow>`select * from ecore_write_kept_answers(${rowsText(writes)}::json)`.execute(db);
  const byOrdinal = new Map(rows.map((r) => [Number(r.n), r]));
  return writes.map((_, i) => {
    const row = byOrdinal.get(i + 1);
    return row ? writtenAnswer(row) : null;
  });
}

/** Writes one kept save, together with others under way at the same time (`createKeptWriter`). */
export type KeptWriter = ((write: KeptWrite) => Promise<WrittenAnswer | null>) & {
  /** Statements sent and saves they carried (tests and the bench read them). */
  readonly counts: { statements: number; saves: number; failed: number };
};

interface Pending {
  write: KeptWrite;
  resolve: (written: WrittenAnswer | null) => void;
}

/**
 * Writes kept saves in few statements (a commit is the dearest part of a save): a save that comes while `concurrent`
 * statements are under way waits for one of them to end and goes with all that came meanwhile (at most `maxBatch`,
 * one per filled questionnaire; another save of a questionnaire whose save is in a statement under way or in the
 * batch waits for the next, after that statement ended). An idle writer sends a
 * save at once (after the requests read in the same turn of the event loop). A statement that fails (a deadlock with
 * a transaction locking several runs, a lost connection) answers null for each of its saves: each is then saved the
 * usual way, which decides on the run as it is (a save that did commit is then no change).
 */
export function createKeptWriter(db: Kysely<DB>, options: { concurrent?: number; maxBatch?: number } = {}): KeptWriter {
  const concurrent = options.concurrent ?? 4;
  const maxBatch = options.maxBatch ?? 100;
  const queue: Pending[] = [];
  const counts = { statements: 0, saves: 0, failed: 0 };
  let running = 0;
  let scheduled = false;

  /** The filled questionnaires of the statements under way: a save of one of them waits for its statement to end. */
  const busy = new Set<number>();
  const take = () => {
    const batch: Pending[] = [];
    for (let i = 0; i < queue.length && batch.length < maxBatch; ) {
      const pending = queue[i]!;
      if (busy.has(pending.write.guard.questionnaireId)) {
        i += 1;
        continue;
      }
      busy.add(pending.write.guard.questionnaireId);
      batch.push(pending);
      queue.splice(i, 1);
    }
    return batch;
  };

  const send = async (batch: Pending[]) => {
    counts.statements += 1;
    counts.saves += batch.length;
    try {
      const written = await writeKeptAnswers(
        db,
        batch.map((p) => p.write),
      );
      batch.forEach((p, i) => p.resolve(written[i]!));
    } catch {
      counts.failed += 1;
      for (const p of batch) p.resolve(null);
    } finally {
      for (const p of batch) busy.delete(p.write.guard.questionnaireId);
      running -= 1;
      pump();
    }
  };

  const pump = () => {
    while (running < concurrent && queue.length > 0) {
      const batch = take();
      // Every save waiting is of a questionnaire whose statement is under way: the end of that statement pumps again.
      if (batch.length === 0) return;
      running += 1;
      void send(batch);
    }
  };

  const writer = (write: KeptWrite) =>
    new Promise<WrittenAnswer | null>((resolve) => {
      queue.push({ write, resolve });
      if (!scheduled && running < concurrent) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          pump();
        });
      }
    });
  return Object.assign(writer, { counts });
}
