import { resolve } from 'node:path';
import type { OpsTarget } from './backup-restore.ts';

/** DATA_DIR and DATABASE_URL as the portal reads them (README "Configuration"), without making anything. */
export const opsTarget = (env: NodeJS.ProcessEnv = process.env): OpsTarget => ({
  dataDir: resolve(env.DATA_DIR || './data'),
  databaseUrl: env.DATABASE_URL || undefined,
});

/** Runs a command-line step: prints a refusal as it is and exits 1, any other failure with its stack, exit 2. */
export async function runCommand(refusal: new (...args: never[]) => Error, step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (error instanceof refusal) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(2);
  }
}
