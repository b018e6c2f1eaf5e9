import type { Dashboard } from '@ecore/core/analysis/dashboard.ts';
import { api } from '../../lib/api-client.ts';

/** GET analysis/group/{id} and analysis/object/{id} (docs/analysis-exports.md "Dashboard"): every figure of the page. */
export type DashboardData = Dashboard;
export type DashboardKind = 'group' | 'object';

export const dashboardKey = (kind: DashboardKind, id: number) => ['analysis/dashboard', kind, id] as const;
export const fetchDashboard = (kind: DashboardKind, id: number): Promise<DashboardData> => api.get<DashboardData>(`analysis/${kind}/${id}`);

export const groupDashboardPath = (groupId: number) => `/analysis-benchmark/group/${groupId}`;
export const objectDashboardPath = (assetId: number) => `/analysis-benchmark/object/${assetId}`;
