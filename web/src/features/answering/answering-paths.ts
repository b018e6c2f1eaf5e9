/**
 * The routes of an object's questionnaire (spec 02 §2): /asset-management/objects/{assetId}/{isBuyerAsset}/
 * questionnaire/{questionnaireId} with data, metadata/overview, metadata/details and the answering tree
 * cluster/{clusterNum}/category/{categoryId}/section/{sectionId}/question/{questionId}.
 */

export interface QuestionnaireRoute {
  assetId: number;
  isBuyerAsset: boolean;
  qid: number;
  /**
   * Review (issue 14): where the same data, metadata and tree hang when not under the object, e.g. the check
   * screen /job-management/check/{assetId}/{isBuyerAsset}.
   */
  base?: string;
}

export const questionnaireBase = ({ assetId, isBuyerAsset, qid, base }: QuestionnaireRoute): string =>
  base ?? `/asset-management/objects/${assetId}/${String(isBuyerAsset)}/questionnaire/${qid}`;

export const dataPath = (route: QuestionnaireRoute): string => `${questionnaireBase(route)}/data`;
export const metadataPath = (route: QuestionnaireRoute, tab: 'overview' | 'details'): string => `${questionnaireBase(route)}/metadata/${tab}`;

/** Where a tree node lies: the cluster number (1-based) and the ids above it. */
export interface NodePlace {
  clusterNum: number;
  categoryId?: number;
  sectionId?: number;
  questionId?: number;
}

export const nodePath = (route: QuestionnaireRoute, place: NodePlace): string => {
  let path = `${questionnaireBase(route)}/cluster/${place.clusterNum}`;
  if (place.categoryId === undefined) return path;
  path += `/category/${place.categoryId}`;
  if (place.sectionId === undefined) return path;
  path += `/section/${place.sectionId}`;
  if (place.questionId === undefined) return path;
  return `${path}/question/${place.questionId}`;
};

/** The in-portal preview of an evidence document (spec 02 §2 /file-preview/{extension}/{url}). */
export const filePreviewPath = (extension: string, apiPath: string): string => `/file-preview/${encodeURIComponent(extension)}/${encodeURIComponent(apiPath)}`;

/** The extension the preview route names: pdf or jpg, from the file's name or type. */
export const previewExtension = (document: { fileName: string; contentType: string }): 'pdf' | 'jpg' =>
  document.contentType === 'application/pdf' || /\.pdf$/i.test(document.fileName) ? 'pdf' : 'jpg';

export const referenceImagePath = (src: string): string => `/reference-image?src=${encodeURIComponent(src)}`;

/** The route's questionnaireId segment: a positive whole number, else none. */
export const parseId = (segment: string | undefined): number | null =>
  segment !== undefined && /^\d{1,15}$/.test(segment) && Number(segment) > 0 ? Number(segment) : null;
