import type { ApiTokenScope } from './api-tokens.ts';

/**
 * What a call through a route needs from an access token (DOMAIN.md §2, docs/api.md "Scopes"):
 * - a scope (`read`, `write`, `export`, `import`);
 * - `session`: the call manages the caller's own identity (tokens, logout, the personal data export) and is made by a
 *   signed-in person only; a token gets 403 `token-not-allowed`;
 * - `public`: the call needs no sign-in, so no token is looked at.
 */
export type RouteScope = ApiTokenScope | 'session' | 'public';

/**
 * Every route of the API, as the router matched it (method and route pattern, never the request's URL text), and what
 * it needs. A HEAD call is its GET route's. A route missing here is refused to every token; the server's test
 * compares this table with the routes it registers, both ways.
 */
export const ROUTE_SCOPES: Readonly<Record<string, RouteScope>> = {
  // Public: sign-in, password links, health, configuration, public verification, the API description.
  'GET /api/app/config': 'public',
  'GET /api/health': 'public',
  'POST /api/user/login': 'public',
  'POST /api/user/secure/login': 'public',
  'GET /api/user/secure/login': 'public',
  // The second step of a sign-in with an authenticator app: the first step's token decides (docs/sign-in.md).
  'POST /api/user/login/totp': 'public',
  'POST /api/user/login/totp/enrolment': 'public',
  'POST /api/user/login/sso': 'public',
  'POST /api/user/login/sso/return': 'public',
  'POST /api/user/login/passkey/options': 'public',
  'POST /api/user/login/passkey': 'public',
  'POST /api/user/me/passkeys/options': 'session',
  'POST /api/user/me/passkeys': 'session',
  'GET /api/user/me/passkeys': 'session',
  'DELETE /api/user/me/passkeys/{id}': 'session',
  'GET /api/user/resetPassword': 'public',
  'GET /api/user/setPassword': 'public',
  'POST /api/user/setPassword': 'public',
  'GET /api/certificate/verify/{code}': 'public',
  // The owner's decision on an access request, from the mailed link (its token decides, no sign-in).
  'POST /api/asset/requestAssetAccess/{id}': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',

  // The caller's own identity: a browser session only.
  'POST /api/user/logout': 'session',
  'GET /api/user/me/personalData': 'session',
  'POST /api/user/apiTokens': 'session',
  'GET /api/user/apiTokens': 'session',
  'DELETE /api/user/apiTokens/{id}': 'session',
  'GET /api/user/me/signInMethods': 'session',
  'POST /api/user/me/totp': 'session',
  'POST /api/user/me/totp/confirm': 'session',
  'DELETE /api/user/me/totp': 'session',

  // Users.
  'GET /api/user/me': 'read',
  'GET /api/user/me/worklist': 'read',

  // A bank's loans and financed emissions (docs/banks.md): lists read, the loan tape imports, the workbook exports.
  'GET /api/bank/loans': 'read',
  'GET /api/bank/portfolio': 'read',
  'GET /api/bank/portfolio/export': 'export',
  'POST /api/bank/loans/import': 'import',
  'PUT /api/bank/loans/{loan}': 'write',
  'DELETE /api/bank/loans/{loan}': 'write',
  // Webhooks for backend callers (docs/webhooks.md).
  'POST /api/webhooks': 'write',
  'GET /api/webhooks': 'read',
  'DELETE /api/webhooks/{id}': 'write',
  'GET /api/webhooks/{id}/deliveries': 'read',
  'GET /api/user': 'read',
  'POST /api/user': 'write',
  'PUT /api/user': 'write',
  'GET /api/user/testers': 'read',
  'GET /api/user/{id}': 'read',
  'DELETE /api/user/{id}': 'write',
  'POST /api/user/activate/{id}': 'write',
  'POST /api/user/lock/{id}': 'write',
  'POST /api/user/unlock/{id}': 'write',
  'DELETE /api/user/archive/{id}': 'write',

  // Templates and the scoring table.
  'GET /api/questionnaire': 'read',
  'POST /api/questionnaire': 'write',
  'PUT /api/questionnaire': 'write',
  'GET /api/Questionnaire/active': 'read',
  'GET /api/questionnaire/{id}': 'read',
  'DELETE /api/questionnaire/{id}': 'write',
  'PUT /api/questionnaire/{id}/activate': 'write',
  'PUT /api/questionnaire/{id}/lock': 'write',
  'GET /api/scoringtable': 'read',
  'PUT /api/scoringtable': 'write',

  // Organisations.
  'GET /api/organisations': 'read',
  'POST /api/organisations': 'write',
  'PUT /api/organisations': 'write',
  'GET /api/organisations/{id}': 'read',
  'DELETE /api/organisations/{id}': 'write',
  'PUT /api/organisations/{id}/contacts': 'write',
  'GET /api/organisations/{id}/signInPolicy': 'read',
  'GET /api/organisations/{id}/sso': 'read',
  'PUT /api/organisations/{id}/sso': 'write',
  'PUT /api/organisations/{id}/signInPolicy': 'write',
  'POST /api/organisations/activate/{id}': 'write',
  'DELETE /api/organisations/delete/{id}': 'write',
  'POST /api/organisations/lock/{id}': 'write',
  'POST /api/organisations/unlock/{id}': 'write',

  // The export area: its lists are reading calls, its files need `export`.
  'GET /api/export/assets': 'read',
  'GET /api/export/assetGroups': 'read',
  'GET /api/export/users': 'export',
  'GET /api/export/questionnaire/{id}': 'export',
  'GET /api/export/assetgroup/{id}': 'export',
  'GET /api/export/questionnaire/{id}/latest': 'export',
  'GET /api/export/questionnaire/{id}/{qid}': 'export',
  'GET /api/export/customerData': 'export',
  'GET /api/export/gresb': 'export',

  // Objects, object groups and access requests.
  'GET /api/asset/countries': 'read',
  'GET /api/asset/assetType': 'read',
  'GET /api/asset/config': 'read',
  'POST /api/asset/{id}/requestAssetAccess': 'write',
  'GET /api/asset/accessRequests': 'read',
  'GET /api/asset/accessRequests/received': 'read',
  'POST /api/asset/accessRequests/{id}/decision': 'write',
  'GET /api/asset': 'read',
  'POST /api/asset': 'write',
  'PUT /api/asset': 'write',
  'GET /api/asset/{id}': 'read',
  'DELETE /api/asset/{id}': 'write',
  'GET /api/asset/data/{id}': 'read',
  'GET /api/assetGroup': 'read',
  'POST /api/assetGroup': 'write',
  'PUT /api/assetGroup': 'write',
  'GET /api/assetGroup/assetGroupInfo': 'read',
  'GET /api/assetGroup/{id}': 'read',
  'DELETE /api/assetGroup/{id}': 'write',

  // Answering.
  'POST /api/asset/{id}/questionnaire': 'write',
  'PUT /api/asset/{id}/questionnaire': 'write',
  'GET /api/asset/{id}/questionnaire/simplified': 'read',
  'GET /api/asset/{id}/questionnaire/latest': 'read',
  'GET /api/asset/{id}/questionnaire/{qid}': 'read',
  'DELETE /api/asset/{id}/questionnaire/{qid}': 'write',
  'PUT /api/asset/answer': 'write',
  'PUT /api/asset/answerComment': 'write',
  'GET /api/asset/{id}/questionnaire/{qid}/changelog': 'read',
  'PUT /api/asset/{id}/questionnaire/{qid}/lock': 'write',
  'PUT /api/asset/{id}/questionnaire/{qid}/reportingYear': 'write',
  'GET /api/asset/{id}/questionnaire/{qid}/outliers': 'read',
  'PUT /api/asset/{id}/questionnaire/{qid}/outliers/{questionId}': 'write',
  'PUT /api/asset/questionnaire/{id}/defaults/save': 'write',
  'PUT /api/asset/{id}/questionnaire/{qid}/defaults/fill': 'write',
  'PUT /api/assetGroup/{id}/questionnaire': 'write',
  'PUT /api/asset/answer/{id}/document': 'write',
  'GET /api/asset/answer/document/{id}': 'read',
  'DELETE /api/asset/answer/document/{id}': 'write',

  // Review.
  'PUT /api/asset/tester': 'write',
  'PUT /api/assetGroup/tester': 'write',
  'PUT /api/asset/state': 'write',
  'PUT /api/asset/answer/{id}/review': 'write',
  'GET /api/asset/{id}/questionnaire/{qid}/audit': 'read',
  'GET /api/asset/{id}/questionnaire/{qid}/evidenceChecks': 'read',
  'GET /api/assetGroup/{id}/review': 'read',
  'PUT /api/assetGroup/{id}/assetState/{state}': 'write',
  'PUT /api/assetGroup/{id}/evaluate': 'write',
  'PUT /api/assetGroup/{id}/evaluate/': 'write',
  'GET /api/assetGroup/{id}/audit': 'read',
  'GET /api/asset/{id}/questionnaire/{qid}/internalCheck': 'read',
  'PUT /api/asset/{id}/questionnaire/{qid}/internalCheck/{questionId}': 'write',
  'GET /api/audit/verify': 'read',
  'POST /api/evidence': 'write',
  'GET /api/evidence': 'read',
  'GET /api/evidence/{id}': 'read',
  'PUT /api/evidence/{id}': 'write',
  'DELETE /api/evidence/{id}': 'write',
  'PUT /api/asset/answer/{answerId}/evidence/{evidenceId}': 'write',
  'DELETE /api/asset/answer/{answerId}/evidence/{evidenceId}': 'write',

  // Scoring.
  'POST /api/scoring/stranding': 'read',
  'POST /api/scoring/stranding/portfolio': 'read',
  'GET /api/asset/{id}/questionnaire/score': 'read',
  'GET /api/asset/{id}/questionnaire/{qid}/score': 'read',
  'POST /api/asset/{id}/questionnaire/{qid}/score/preview': 'read',
  'GET /api/asset/{id}/questionnaire/{qid}/consumptionValues': 'read',
  'GET /api/AssetGroup/{id}/score': 'read',
  'GET /api/assetGroup/{id}/score': 'read',
  'GET /api/AssetGroup/{id}/structureInfo': 'read',
  'GET /api/assetGroup/{id}/structureInfo': 'read',
  'GET /api/AssetGroup/{id}/dataQuality': 'read',
  'GET /api/assetGroup/{id}/dataQuality': 'read',
  'GET /api/asset/{id}/questionnaire/{qid}/yearOverYear': 'read',
  'GET /api/AssetGroup/{id}/yearOverYear': 'read',
  'GET /api/assetGroup/{id}/yearOverYear': 'read',
  'GET /api/asset/{id}/questionnaire/{qid}/crrem': 'read',
  'GET /api/AssetGroup/{id}/crrem': 'read',
  'GET /api/assetGroup/{id}/crrem': 'read',

  // Certificates and the analysis dashboards.
  'GET /api/asset/certificate': 'read',
  'GET /api/asset/certificate/data': 'read',
  'GET /api/assetGroup/certificate': 'read',
  'GET /api/assetGroup/certificate/data': 'read',
  'GET /api/analysis/group/{id}': 'read',
  'GET /api/analysis/object/{id}': 'read',

  // The import area.
  'GET /api/import/assets/template': 'import',
  'POST /api/import/assets': 'import',
  'GET /api/import/answers/template': 'import',
  'POST /api/import/answers': 'import',
  'GET /api/import': 'import',
  'GET /api/import/{id}': 'import',
  'GET /api/import/{id}/report': 'import',
};

/** A route as the router matched it: its method and its pattern (`/api/asset/{id}` or the router's `/api/asset/:id`). */
export interface MatchedRoute {
  method: string;
  pattern: string;
}

/** The table's key of a matched route: HEAD is its GET, the router's `:name` parameters are written `{name}`. */
export const routeKey = (route: MatchedRoute): string => {
  const method = route.method.toUpperCase() === 'HEAD' ? 'GET' : route.method.toUpperCase();
  return `${method} ${route.pattern.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
};

/** What the route needs, or `null` for a route the table does not know (no token may call it). */
export const routeScope = (route: MatchedRoute): RouteScope | null => {
  const key = routeKey(route);
  return Object.prototype.hasOwnProperty.call(ROUTE_SCOPES, key) ? ROUTE_SCOPES[key]! : null;
};
