/**
 * The names of the API's operations in the published description (issue 21, docs/api.md): stable and readable, so that
 * a generated client reads `listAssets()`, `createAsset()`. A route may name its own (`schema.operationId`); a route
 * named neither here nor there gets one made from its method and path (`operationIdFor`), which is stable too.
 * Paths as the description writes them (`{id}`).
 */
export const OPERATION_IDS: Record<string, string> = {
  'GET /api/app/config': 'getAppConfig',
  'POST /api/user/login': 'login',
  'POST /api/user/secure/login': 'startSecureLogin',
  'GET /api/user/secure/login': 'completeSecureLogin',
  'POST /api/user/logout': 'logout',
  'GET /api/user/resetPassword': 'requestPasswordReset',
  'GET /api/user/setPassword': 'checkPasswordLink',
  'POST /api/user/setPassword': 'setPassword',
  'GET /api/user/me': 'getCurrentUser',
  'GET /api/user': 'listUsers',
  'POST /api/user': 'createUser',
  'PUT /api/user': 'updateUser',
  'GET /api/user/testers': 'listTesters',
  'GET /api/user/{id}': 'getUser',
  'DELETE /api/user/{id}': 'deactivateUser',
  'POST /api/user/activate/{id}': 'activateUser',
  'POST /api/user/lock/{id}': 'lockUser',
  'POST /api/user/unlock/{id}': 'unlockUser',
  'DELETE /api/user/archive/{id}': 'archiveUser',
  'POST /api/user/apiTokens': 'createApiToken',
  'GET /api/user/apiTokens': 'listApiTokens',
  'DELETE /api/user/apiTokens/{id}': 'revokeApiToken',
  'GET /api/questionnaire': 'listTemplates',
  'POST /api/questionnaire': 'createTemplate',
  'PUT /api/questionnaire': 'updateTemplate',
  'GET /api/Questionnaire/active': 'getActiveTemplate',
  'GET /api/questionnaire/{id}': 'getTemplate',
  'DELETE /api/questionnaire/{id}': 'deleteTemplate',
  'PUT /api/questionnaire/{id}/activate': 'activateTemplate',
  'PUT /api/questionnaire/{id}/lock': 'lockTemplate',
  'GET /api/export/questionnaire/{id}': 'exportTemplate',
  'GET /api/scoringtable': 'getScoringTable',
  'PUT /api/scoringtable': 'importScoringTable',
  'GET /api/organisations': 'listOrganisations',
  'POST /api/organisations': 'createOrganisation',
  'PUT /api/organisations': 'updateOrganisation',
  'GET /api/organisations/{id}': 'getOrganisation',
  'DELETE /api/organisations/{id}': 'deactivateOrganisation',
  'PUT /api/organisations/{id}/contacts': 'replaceOrganisationContacts',
  'POST /api/organisations/activate/{id}': 'activateOrganisation',
  'DELETE /api/organisations/delete/{id}': 'deleteOrganisation',
  'POST /api/organisations/lock/{id}': 'lockOrganisation',
  'POST /api/organisations/unlock/{id}': 'unlockOrganisation',
  'GET /api/export/users': 'exportUsers',
  'GET /api/export/assets': 'listExportableAssets',
  'GET /api/export/assetGroups': 'listExportableAssetGroups',
  'GET /api/export/assetgroup/{id}': 'exportAssetGroup',
  'GET /api/export/questionnaire/{id}/latest': 'exportLatestQuestionnaire',
  'GET /api/export/customerData': 'exportCustomerData',
  'GET /api/asset/countries': 'listCountries',
  'GET /api/asset/assetType': 'listAssetTypes',
  'GET /api/asset/config': 'getReviewConfig',
  'POST /api/asset/{id}/requestAssetAccess': 'requestAssetAccess',
  'GET /api/asset/accessRequests': 'listAccessRequests',
  'POST /api/asset/requestAssetAccess/{id}': 'decideAssetAccess',
  'GET /api/asset': 'listAssets',
  'POST /api/asset': 'createAsset',
  'PUT /api/asset': 'updateAsset',
  'GET /api/asset/{id}': 'getAsset',
  'DELETE /api/asset/{id}': 'deleteAsset',
  'GET /api/asset/data/{id}': 'getAssetData',
  'GET /api/assetGroup': 'listAssetGroups',
  'POST /api/assetGroup': 'createAssetGroup',
  'PUT /api/assetGroup': 'updateAssetGroup',
  'GET /api/assetGroup/assetGroupInfo': 'listAssignableAssetGroups',
  'GET /api/assetGroup/{id}': 'getAssetGroup',
  'DELETE /api/assetGroup/{id}': 'deleteAssetGroup',
  'POST /api/asset/{id}/questionnaire': 'startQuestionnaire',
  'PUT /api/asset/{id}/questionnaire': 'upgradeQuestionnaire',
  'GET /api/asset/{id}/questionnaire/simplified': 'listAssetQuestionnaires',
  'GET /api/asset/{id}/questionnaire/latest': 'getLatestQuestionnaire',
  'GET /api/asset/{id}/questionnaire/{qid}': 'getQuestionnaire',
  'DELETE /api/asset/{id}/questionnaire/{qid}': 'deleteQuestionnaire',
  'PUT /api/asset/answer': 'saveAnswers',
  'PUT /api/asset/answerComment': 'addAnswerComment',
  'GET /api/asset/{id}/questionnaire/{qid}/changelog': 'getQuestionnaireChangelog',
  'PUT /api/asset/{id}/questionnaire/{qid}/lock': 'lockQuestionnaire',
  'PUT /api/asset/questionnaire/{id}/defaults/save': 'saveGroupDefaults',
  'PUT /api/asset/{id}/questionnaire/{qid}/defaults/fill': 'fillGroupDefaults',
  'PUT /api/assetGroup/{id}/questionnaire': 'upgradeGroupQuestionnaires',
  'PUT /api/asset/answer/{id}/document': 'uploadAnswerDocument',
  'GET /api/asset/answer/document/{id}': 'downloadAnswerDocument',
  'DELETE /api/asset/answer/document/{id}': 'deleteAnswerDocument',
  'GET /api/export/questionnaire/{id}/{qid}': 'exportQuestionnaire',
  'PUT /api/asset/tester': 'assignAssetTester',
  'PUT /api/assetGroup/tester': 'assignAssetGroupTester',
  'PUT /api/asset/state': 'changeQuestionnaireState',
  'PUT /api/asset/answer/{id}/review': 'reviewAnswer',
  'GET /api/asset/{id}/questionnaire/{qid}/audit': 'getQuestionnaireAudit',
  'GET /api/assetGroup/{id}/review': 'getAssetGroupReview',
  'PUT /api/assetGroup/{id}/assetState/{state}': 'changeAssetGroupState',
  'PUT /api/assetGroup/{id}/evaluate': 'evaluateAssetGroup',
  'PUT /api/assetGroup/{id}/evaluate/': 'evaluateAssetGroupSpecPath',
  'GET /api/assetGroup/{id}/audit': 'getAssetGroupAudit',
  'POST /api/scoring/stranding': 'calculateStranding',
  'POST /api/scoring/stranding/portfolio': 'calculatePortfolioStranding',
  'GET /api/asset/{id}/questionnaire/score': 'getLatestScore',
  'GET /api/asset/{id}/questionnaire/{qid}/score': 'getScore',
  'POST /api/asset/{id}/questionnaire/{qid}/score/preview': 'previewScore',
  'GET /api/asset/{id}/questionnaire/{qid}/consumptionValues': 'getConsumptionValues',
  'GET /api/AssetGroup/{id}/score': 'getAssetGroupScoreSpecPath',
  'GET /api/assetGroup/{id}/score': 'getAssetGroupScore',
  'GET /api/AssetGroup/{id}/structureInfo': 'getAssetGroupStructureSpecPath',
  'GET /api/assetGroup/{id}/structureInfo': 'getAssetGroupStructure',
  'GET /api/asset/certificate': 'downloadAssetCertificate',
  'GET /api/asset/certificate/data': 'getAssetCertificate',
  'GET /api/assetGroup/certificate': 'downloadAssetGroupCertificate',
  'GET /api/assetGroup/certificate/data': 'getAssetGroupCertificate',
  'GET /api/certificate/verify/{code}': 'verifyCertificate',
  'GET /api/analysis/group/{id}': 'getAssetGroupDashboard',
  'GET /api/analysis/object/{id}': 'getAssetDashboard',
};

const VERBS: Record<string, string> = { GET: 'get', POST: 'create', PUT: 'update', DELETE: 'delete', PATCH: 'patch', HEAD: 'head' };
const word = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A name made from method and path for a route named nowhere: `PUT /api/asset/{id}/lock` → `updateAssetByIdLock`. */
export const operationIdFor = (method: string, path: string): string => {
  const parts = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `By${word(part.slice(1, -1))}` : word(part.replace(/[^A-Za-z0-9]/g, ''))));
  return `${VERBS[method.toUpperCase()] ?? method.toLowerCase()}${parts.join('')}`;
};

/**
 * The file answers of the API and their media types: described as binary 200 answers with Content-Disposition
 * (a route answering a file has no response schema of its own, as no serializer touches it).
 */
const TABLE_TYPES = ['application/json', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
export const DOWNLOADS: Record<string, { mediaTypes: string[]; description: string }> = {
  'GET /api/export/users': { mediaTypes: TABLE_TYPES, description: 'The users as a file in the chosen format' },
  'GET /api/export/assetgroup/{id}': { mediaTypes: TABLE_TYPES, description: "The group's objects as a file in the chosen format" },
  'GET /api/export/questionnaire/{id}/latest': { mediaTypes: TABLE_TYPES, description: 'The latest filled questionnaire as a file in the chosen format' },
  'GET /api/export/customerData': { mediaTypes: TABLE_TYPES, description: 'The customer data as a file in the chosen format' },
  'GET /api/export/questionnaire/{id}': { mediaTypes: TABLE_TYPES, description: 'The template as a file in the chosen format' },
  'GET /api/export/questionnaire/{id}/{qid}': { mediaTypes: TABLE_TYPES, description: 'The filled questionnaire as a file in the chosen format' },
  'GET /api/asset/answer/document/{id}': { mediaTypes: ['application/pdf', 'image/jpeg'], description: 'The document, inline, with its file name' },
  'GET /api/asset/certificate': { mediaTypes: ['application/pdf'], description: 'The certificate as PDF' },
  'GET /api/assetGroup/certificate': { mediaTypes: ['application/pdf'], description: 'The certificate as PDF' },
};
