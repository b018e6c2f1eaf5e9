import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coveringOrganisation, domainsTaken, emailDomain, issuerProblem, maySignInBySso, normaliseDomain, ssoSettingsBodySchema, type SsoCoverage } from './sso.ts';

const label = fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/);
const domain = fc.tuple(label, fc.constantFrom('de', 'com', 'eu')).map(([name, tld]) => `${name}.${tld}`);
const local = fc.stringMatching(/^[a-z][a-z0-9.]{0,10}$/);

describe('single sign-on: which organisation a person signs in to', () => {
  it('a user signs in by single sign-on only into the organisation that covers the domain of their e-mail', () => {
    fc.assert(
      fc.property(fc.uniqueArray(domain, { minLength: 2, maxLength: 6 }), local, fc.nat({ max: 5 }), fc.integer({ min: 1, max: 3 }), (domains, name, pick, userOrg) => {
        // Two organisations with disjoint domains.
        const half = Math.ceil(domains.length / 2);
        const coverages: SsoCoverage[] = [
          { organisationId: 1, domains: domains.slice(0, half) },
          { organisationId: 2, domains: domains.slice(half) },
        ];
        const userDomain = domains[pick % domains.length]!;
        const user = { organisationId: userOrg, email: `${name}@${userDomain.toUpperCase()}` };
        const covering = coveringOrganisation(user.email, coverages);
        expect(covering).toBe(pick % domains.length < half ? 1 : 2);
        for (const coverage of coverages) expect(maySignInBySso(user, coverage)).toBe(coverage.organisationId === covering && userOrg === covering);
      }),
    );
  });

  it('no provider signs in an e-mail of a domain it does not cover', () => {
    fc.assert(
      fc.property(fc.uniqueArray(domain, { minLength: 2, maxLength: 4 }), local, (domains, name) => {
        const [other, ...covered] = domains;
        const coverage = { organisationId: 7, domains: covered };
        expect(maySignInBySso({ organisationId: 7, email: `${name}@${other}` }, coverage)).toBe(false);
        expect(coveringOrganisation(`${name}@${other}`, [coverage])).toBeNull();
      }),
    );
  });

  it('a domain belongs to one organisation only', () => {
    const others = [{ organisationId: 2, domains: ['bank.de'] }, { organisationId: 3, domains: ['fonds.de'] }];
    expect(domainsTaken(1, ['bank.de', 'neu.de'], others)).toEqual(['bank.de']);
    expect(domainsTaken(2, ['bank.de'], others)).toEqual([]);
  });

  it('reads domains and e-mail addresses whatever their case', () => {
    expect(normaliseDomain(' @Example.COM. ')).toBe('example.com');
    expect(normaliseDomain('nodot')).toBeNull();
    expect(normaliseDomain('bad_domain.de')).toBeNull();
    expect(emailDomain('Anna@Bank.DE')).toBe('bank.de');
    expect(emailDomain('no-at-sign')).toBeNull();
  });

  it('takes an issuer over https only, http only on the own machine', () => {
    expect(issuerProblem('https://login.bank.de/realms/portal')).toBe(false);
    expect(issuerProblem('http://127.0.0.1:4000')).toBe(false);
    expect(issuerProblem('http://login.bank.de')).toBe(true);
    expect(issuerProblem('https://login.bank.de/?x=1')).toBe(true);
    expect(issuerProblem('not a url')).toBe(true);
  });

  it('the settings body names each bad field', () => {
    const parsed = ssoSettingsBodySchema.safeParse({ issuer: 'http://idp.example', clientId: '', domains: ['ok.de', 'bad_one'], ssoOnly: 'yes' });
    expect(parsed.success).toBe(false);
    const issues = parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(expect.arrayContaining([['issuer', 'sso-issuer-invalid'], ['clientId', 'validation-required'], ['domains.1', 'sso-domain-invalid'], ['ssoOnly', 'validation-required']]));
    const good = ssoSettingsBodySchema.parse({ issuer: 'https://idp.example', clientId: 'portal', domains: ['Bank.de', 'bank.de'], ssoOnly: true });
    expect(good.domains).toEqual(['bank.de']);
  });
});
