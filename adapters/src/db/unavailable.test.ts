import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable (503 database-unavailable instead of 500)', () => {
  it('knows a refused or lost connection, a server shutting down and too many connections', () => {
    for (const error of [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('53300', 'sorry, too many clients already'),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''),
      new Error('query failed', { cause: withCode('ECONNRESET') }),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it('leaves a query’s own errors (bad input, constraint, conflict) and non-errors alone', () => {
    for (const error of [withCode('22P02', 'invalid input syntax'), withCode('23505', 'duplicate key'), withCode('40001'), new Error('boom'), null, 'ECONNREFUSED', 42]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});
