/**
 * The results routes (spec 02 §2, docs/scoring.md "Web routes"): an object's results under
 * /asset-management/objects/{assetId}/{isBuyerAsset}/edit/results/{questionnaireId}, a group's under
 * /asset-management/object-groups/{groupId}/results, each with the tabs overview and details.
 */

export type ResultsTab = 'overview' | 'details';

export const objectResultsPath = (assetId: number, isBuyerAsset: boolean, questionnaireId: number, tab: ResultsTab = 'overview'): string =>
  `/asset-management/objects/${assetId}/${String(isBuyerAsset)}/edit/results/${questionnaireId}/${tab}`;

export const groupResultsPath = (groupId: number, tab: ResultsTab = 'overview'): string => `/asset-management/object-groups/${groupId}/results/${tab}`;

/** The tab a results address shows: the last segment, overview unless it is details. */
export const resultsTabOf = (pathname: string): ResultsTab => (pathname.replace(/\/+$/, '').endsWith('/details') ? 'details' : 'overview');
