import { parseDecision } from '@ecore/core/assets/access-requests.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { AccessDecisionAnswer } from './assets-api.ts';

/** The outcomes of the decision page (spec 01 §4, §8; spec 02 §4, §8). */
export type DecisionPageOutcome =
  | { kind: 'approved' | 'declined'; buyerOrganisationName: string; assetName: string }
  | { kind: 'alreadyAnswered' | 'invalidToken' | 'invalidId' | 'genericError'; decision: boolean }
  | { kind: 'invalidDecision' };

/** What the link carries, checked before any call: the request's id, the decision and the token. */
export type DecisionLink =
  | { valid: true; permissionId: number; decision: boolean; token: string }
  | { valid: false; outcome: DecisionPageOutcome };

/**
 * Spec 02 §5: permissionId present (a positive whole number, the payload's integer) and decision true
 * or false (core parseDecision), else invalid id or invalid decision without asking the server. A link
 * without token cannot be right either.
 */
export const readDecisionLink = (params: URLSearchParams): DecisionLink => {
  const decision = parseDecision(params.get('decision'));
  const rawId = (params.get('permissionId') ?? '').trim();
  if (decision === null) return { valid: false, outcome: { kind: 'invalidDecision' } };
  if (!/^\d{1,15}$/.test(rawId) || Number(rawId) < 1) return { valid: false, outcome: { kind: 'invalidId', decision } };
  const token = params.get('token') ?? '';
  if (token === '') return { valid: false, outcome: { kind: 'invalidToken', decision } };
  return { valid: true, permissionId: Number(rawId), decision, token };
};

/** The outcome of the server's answer: 200 decided, 304 already answered, 401 invalid token, 404 invalid id, else generic. */
export const decisionOutcomeOf = (decision: boolean, answer: { ok: AccessDecisionAnswer | undefined } | { error: unknown }): DecisionPageOutcome => {
  if ('ok' in answer) {
    const ok = answer.ok;
    if (!ok) return { kind: 'genericError', decision };
    if (ok.result === 'AlreadyDecided') return { kind: 'alreadyAnswered', decision };
    const decided = typeof ok.decision === 'boolean' ? ok.decision : decision;
    return { kind: decided ? 'approved' : 'declined', buyerOrganisationName: ok.buyerOrganisationName, assetName: ok.assetName };
  }
  const status = answer.error instanceof ApiError ? answer.error.statusCode : 0;
  if (status === 304) return { kind: 'alreadyAnswered', decision };
  if (status === 401) return { kind: 'invalidToken', decision };
  if (status === 404) return { kind: 'invalidId', decision };
  if (status === 400 && answer.error instanceof ApiError && answer.error.key === 'asset-access-decision-invalid-decision') return { kind: 'invalidDecision' };
  return { kind: 'genericError', decision };
};
