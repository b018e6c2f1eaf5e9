import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { decisionOutcomeOf, readDecisionLink } from './access-decision.ts';

const link = (search: string) => readDecisionLink(new URLSearchParams(search));

describe('the decision link, checked before any call', () => {
  it('accepts a request id, a decision true or false and a token', () => {
    expect(link('permissionId=12&decision=true&token=a%2Bb')).toEqual({ valid: true, permissionId: 12, decision: true, token: 'a+b' });
    expect(link('permissionId=3&decision=false&token=x')).toMatchObject({ valid: true, decision: false });
  });

  it('names a decision other than true or false an invalid decision', () => {
    expect(link('permissionId=12&decision=yes&token=x')).toEqual({ valid: false, outcome: { kind: 'invalidDecision' } });
    expect(link('permissionId=12&token=x')).toEqual({ valid: false, outcome: { kind: 'invalidDecision' } });
  });

  it('names a missing or malformed request id an invalid id, worded for the decision', () => {
    expect(link('decision=true&token=x')).toEqual({ valid: false, outcome: { kind: 'invalidId', decision: true } });
    expect(link('permissionId=abc&decision=false&token=x')).toEqual({ valid: false, outcome: { kind: 'invalidId', decision: false } });
    expect(link('permissionId=0&decision=true&token=x')).toMatchObject({ valid: false, outcome: { kind: 'invalidId' } });
  });

  it('names a link without token an invalid token', () => {
    expect(link('permissionId=5&decision=true')).toEqual({ valid: false, outcome: { kind: 'invalidToken', decision: true } });
  });
});

describe('the outcome of the server’s answer', () => {
  const answer = { buyerOrganisationName: 'Käufer Wohnbau GmbH', assetName: 'Haus A', result: 'DecidedSuccessfully' as const };

  it('shows approved or declined with the buyer and the object', () => {
    expect(decisionOutcomeOf(true, { ok: { ...answer, decision: true } })).toEqual({ kind: 'approved', buyerOrganisationName: 'Käufer Wohnbau GmbH', assetName: 'Haus A' });
    expect(decisionOutcomeOf(false, { ok: { ...answer, decision: false } })).toMatchObject({ kind: 'declined' });
  });

  it('maps 304 to already answered, 401 to invalid token, 404 to invalid id and anything else to the generic error', () => {
    const error = (status: number, key = 'request-error') => ({ error: new ApiError(status, key, 'x') });
    expect(decisionOutcomeOf(true, error(304))).toEqual({ kind: 'alreadyAnswered', decision: true });
    expect(decisionOutcomeOf(false, error(401))).toEqual({ kind: 'invalidToken', decision: false });
    expect(decisionOutcomeOf(true, error(404))).toEqual({ kind: 'invalidId', decision: true });
    expect(decisionOutcomeOf(true, error(400, 'asset-access-decision-invalid-decision'))).toEqual({ kind: 'invalidDecision' });
    expect(decisionOutcomeOf(false, error(500))).toEqual({ kind: 'genericError', decision: false });
    expect(decisionOutcomeOf(false, { error: new Error('network') })).toEqual({ kind: 'genericError', decision: false });
    expect(decisionOutcomeOf(true, { ok: { ...answer, result: 'AlreadyDecided', decision: true } })).toEqual({ kind: 'alreadyAnswered', decision: true });
  });
});
