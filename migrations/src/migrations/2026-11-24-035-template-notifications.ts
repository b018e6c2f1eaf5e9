import type { Kysely } from 'kysely';
import { createChangeTriggers, dropChangeTriggers } from './2026-11-24-033-asset-notifications.ts';

const TABLES = ['questionnaires', 'questionnaire_locks'];

// The processes keep templates' revision stamps and locks (server/src/routes/questionnaires), so changes of
// templates (every save and state change updates the template's row) and of their locks notify too.
export const up = (db: Kysely<any>) => createChangeTriggers(db, TABLES);
export const down = (db: Kysely<any>) => dropChangeTriggers(db, TABLES);
