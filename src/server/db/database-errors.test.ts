import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseErrorCode, isDatabaseUnavailable } from './database-errors';

/** An error of the server's, as node-postgres makes it from an ErrorResponse. */
function serverError(code: string, severity: 'ERROR' | 'FATAL' = 'FATAL') {
  return Object.assign(new pg.DatabaseError('the server said no', 0, 'error'), { code, severity });
}

/** Wrapped as Drizzle wraps a failed query: its own error, the driver's as the cause. */
const wrapped = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause });

const networkError = (code: string) =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['admin_shutdown (a fast shutdown ended the connection)', serverError('57P01')],
    ['crash_shutdown', serverError('57P02')],
    ['cannot_connect_now (starting up, shutting down)', serverError('57P03')],
    ['too_many_connections', serverError('53300')],
    ['a database closed to connections (ALLOW_CONNECTIONS false)', serverError('55000')],
    ['a database dropped or renamed', serverError('3D000')],
    ['a role disabled or its password changed', serverError('28P01')],
    ['connection_failure', serverError('08006')],
    ['sqlclient_unable_to_establish_sqlconnection', serverError('08001')],
    ['a refused connection', networkError('ECONNREFUSED')],
    ['a reset connection', networkError('ECONNRESET')],
    ['a host that cannot be found', networkError('ENOTFOUND')],
    ['a lost connection, as pg says it', new Error('Connection terminated unexpectedly')],
    ['a connect that timed out', new Error('Connection terminated due to connection timeout')],
    ['a wait for a free connection that timed out', new Error('timeout exceeded when trying to connect')],
    [
      'a client its lost connection left unusable',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a pool closed at shutdown', new Error('Cannot use a pool after calling end on the pool')],
  ])('is true for %s, bare or wrapped by Drizzle', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it("is true for Node's AggregateError of every address tried", () => {
    const both = Object.assign(
      new AggregateError([networkError('ECONNREFUSED'), networkError('ECONNREFUSED')], 'connect failed'),
      { code: 'ECONNREFUSED' },
    );
    expect(isDatabaseUnavailable(wrapped(both))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([networkError('EHOSTUNREACH')]))).toBe(true);
  });

  it.each([
    ['a unique violation', serverError('23505', 'ERROR')],
    ['a deadlock', serverError('40P01', 'ERROR')],
    ['a division by zero', serverError('22012', 'ERROR')],
    ['a query cancelled by statement_timeout', serverError('57014', 'ERROR')],
    ['an internal error', serverError('XX000', 'ERROR')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a message that only mentions a connection', new Error('the connection list is empty')],
    ['no error at all', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('is false for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it('stops at a cause that loops', () => {
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    Object.assign(first, { cause: second });
    expect(isDatabaseUnavailable(first)).toBe(false);
  });
});

describe('databaseErrorCode', () => {
  it("reads the SQLSTATE through Drizzle's wrapping", () => {
    expect(databaseErrorCode(wrapped(serverError('23505', 'ERROR')))).toBe('23505');
    expect(databaseErrorCode(new Error('no code'))).toBeUndefined();
  });
});
