import { readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** The file a running portal keeps in DATA_DIR, so that backup and restore can tell it is running. */
export const pidFile = (dataDir: string) => join(dataDir, 'portal.pid');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as { code?: string }).code === 'EPERM';
  }
};

/** The process id of the portal running on this DATA_DIR, or null (no pid file, or one left by a crash). */
export function runningPortal(dataDir: string): number | null {
  let text: string;
  try {
    text = readFileSync(pidFile(dataDir), 'utf8');
  } catch {
    return null;
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : null;
}

/** Notes the running portal in DATA_DIR (server.ts); answers the function that removes the note at shutdown. */
export function markRunning(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(pidFile(dataDir), `${process.pid}\n`);
  return () => rmSync(pidFile(dataDir), { force: true });
}
