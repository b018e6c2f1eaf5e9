import useSWR from 'swr';
import type { WorklistItem, WorklistKind } from '@ecore/core/worklist/worklist.ts';
import { api } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';

export interface Worklist {
  items: WorklistItem[];
  counts: Record<WorklistKind, number>;
  total: number;
}

/** The caller's worklist (GET user/me/worklist), ranked by core. */
export const fetchWorklist = (): Promise<Worklist> => api.get('user/me/worklist');

/**
 * The signed-in user's worklist, shared by the home page and the navigation badge (one request for both), fetched
 * again when the window comes back into focus and every two minutes, so that the badge follows the work.
 */
export function useWorklist() {
  const session = useSession();
  return useSWR(session ? ['user/me/worklist', session.token] : null, fetchWorklist, { refreshInterval: 120_000 });
}
