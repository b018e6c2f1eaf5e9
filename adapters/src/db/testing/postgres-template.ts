import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openMigratedDatabase } from '../database.ts';

/** The variable naming a migrated PostgreSQL database that every test database of the run is copied from. */
export const POSTGRES_TEMPLATE_VARIABLE = 'ECORE_TEST_POSTGRES_TEMPLATE';

/** `url` with another database name. */
export const withDatabase = (url: string, name: string): string => {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
};

/** Runs one statement on the server's administration database (the one `url` names). */
export async function onServer(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Makes a database of its own on the server `url` names, migrated to the newest schema, and closes its connections so
 * that others can be copied from it (`create database … template …`: a file copy on the server, where migrating
 * each test file's database took seconds). Answers its name and how to drop it.
 */
export async function makePostgresTemplate(url: string): Promise<{ name: string; remove: () => Promise<void> }> {
  const name = `ecore_test_template_${randomBytes(6).toString('hex')}`;
  await onServer(url, `create database ${name}`);
  const database = await openMigratedDatabase({ databaseUrl: withDatabase(url, name), poolSize: 1 });
  await database.close();
  return { name, remove: () => onServer(url, `drop database if exists ${name} with (force)`) };
}
