// The dependency rule of ARCHITECTURE.md cannot be bypassed: the ESLint configuration refuses package
// imports, relative paths that leave a package, and dynamic import() alike (issue 10).
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` as if it stood at `file`. */
const violations = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${file}` });
  return (result?.messages ?? []).map((m) => m.ruleId).filter((id) => id !== '@typescript-eslint/no-unused-vars');
};

describe('the dependency rule', () => {
  it.each([
    ['core/src/assets/x.ts', "import { openDatabase } from '@ecore/adapters/db/database.ts';\nexport const f = openDatabase;\n"],
    ['core/src/assets/x.ts', "import { openDatabase } from '../../../adapters/src/db/database.ts';\nexport const f = openDatabase;\n"],
    ['core/src/assets/x.ts', "export const f = () => import('../../../adapters/src/db/database.ts');\n"],
    ['core/src/assets/x.ts', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n"],
    ['web/src/features/assets/x.ts', "import { buildApp } from '../../../../server/src/app.ts';\nexport const f = buildApp;\n"],
    ['web/src/features/assets/x.ts', "export const f = () => import('../../../../adapters/src/db/database.ts');\n"],
    ['web/src/features/assets/x.ts', "import { buildApp } from '@ecore/server/app.ts';\nexport const f = buildApp;\n"],
    ['adapters/src/db/x.ts', "import { buildApp } from '../../../server/src/app.ts';\nexport const f = buildApp;\n"],
    ['migrations/src/x.ts', "import { Role } from '../../core/src/identity/roles.ts';\nexport const f = Role;\n"],
    ['web/src/features/review/x.ts', "import { DataPanel } from '../answering/data-panel.tsx';\nexport const f = DataPanel;\n"],
    ['web/src/features/scoring/x.ts', "import { ObjectPage } from '../assets/object-page.tsx';\nexport const f = ObjectPage;\n"],
    ['core/src/assets/x.test.ts', "import { vi } from 'vitest';\nvi.mock('../identity/roles.ts');\n"],
    ['core/src/assets/x.test.ts', "import { vi } from 'vitest';\nvi.useFakeTimers();\n"],
  ])('refuses in %s: %s', async (file, code) => {
    expect(await violations(file, code)).not.toEqual([]);
  });

  it.each([
    ['core/src/assets/x.ts', "import { Role } from '../identity/roles.ts';\nexport const f = Role;\n"],
    ['web/src/features/assets/x.ts', "import { Role } from '@ecore/core/identity/roles.ts';\nexport const f = Role;\n"],
    ['adapters/src/db/x.ts', "import { Role } from '@ecore/core/identity/roles.ts';\nexport const f = Role;\n"],
    ['web/src/features/review/x.ts', "import { fetchFilled } from '../answering/answering-api.ts';\nexport const f = fetchFilled;\n"],
    ['web/src/features/review/x.ts', "import { DataTable } from '../../components/data-table/data-table.tsx';\nexport const f = DataTable;\n"],
  ])('allows in %s: %s', async (file, code) => {
    expect(await violations(file, code)).toEqual([]);
  });
});
