import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';

/**
 * Statements prepared once per connection. PostgreSQL plans an unnamed statement anew at every execution; for the
 * answer save's three statements (the questionnaire's lock, its sheet with six subqueries, the write) planning costs
 * more than running them. A statement that begins with `PREPARED` is sent as a named statement (named by its text's
 * hash, so that one text is one statement on a connection), which PostgreSQL parses and plans once per connection and
 * then runs with each call's values. Only statements whose text is one of a few fixed shapes are marked: each shape
 * stays prepared on each pooled connection for the connection's life.
 *
 * A connection pooler between the portal and PostgreSQL must keep prepared statements per client (PgBouncer 1.21 and
 * later with `max_prepared_statements`; session pooling always does). On the embedded database the mark is a comment.
 */
const MARK = '/* prepared */';
export const PREPARED = sql.raw(MARK);

const names = new Map<string, string>();
const nameOf = (text: string): string => {
  let name = names.get(text);
  if (!name) {
    name = `ecore_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
};

type Query = (...args: unknown[]) => unknown;

/** The pool's client: a marked statement given as text and values goes out as a named (prepared) one. */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = super.query.bind(this) as Query;
    this.query = ((text: unknown, values?: unknown, callback?: unknown) =>
      typeof text === 'string' && text.startsWith(MARK) && typeof values !== 'function'
        ? query({ name: nameOf(text), text, values }, callback)
        : query(text, values, callback)) as pg.Client['query'];
  }
}
