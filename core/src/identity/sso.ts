import { z } from 'zod';

/**
 * Single sign-on over OpenID Connect per organisation (docs/sign-in.md "Single sign-on"): the organisation's provider
 * (issuer URL, client id and secret) and the e-mail domains it covers. A domain belongs to one organisation at most, and
 * a person signs in by single sign-on only into the organisation that covers the domain of their e-mail.
 */
export const SSO_MAX_DOMAINS = 20;

/** A domain as typed: lower case, no leading `@` or trailing dot; null when it cannot be a domain name. */
export const normaliseDomain = (typed: string): string | null => {
  const domain = typed.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');
  return /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/.test(domain) ? domain : null;
};

/** The domain of an e-mail address (after its last `@`), normalised; null without one. */
export const emailDomain = (email: string): string | null => {
  const at = email.lastIndexOf('@');
  return at < 1 ? null : normaliseDomain(email.slice(at + 1));
};

export interface SsoCoverage {
  organisationId: number;
  domains: readonly string[];
}

/** The organisation whose single sign-on covers this e-mail address, or null (then the password form is used). */
export const coveringOrganisation = (email: string, coverages: readonly SsoCoverage[]): number | null => {
  const domain = emailDomain(email);
  if (domain === null) return null;
  return coverages.find((c) => c.domains.includes(domain))?.organisationId ?? null;
};

/**
 * Whether a user may be signed in by the provider of `coverage`: only a user of that very organisation whose e-mail's
 * domain it covers. A provider never signs in anyone of another organisation, whatever e-mail it vouches for.
 */
export const maySignInBySso = (user: { organisationId: number; email: string }, coverage: SsoCoverage): boolean => {
  const domain = emailDomain(user.email);
  return user.organisationId === coverage.organisationId && domain !== null && coverage.domains.includes(domain);
};

/** The domains another organisation covers already: each may belong to one organisation only. */
export const domainsTaken = (organisationId: number, domains: readonly string[], others: readonly SsoCoverage[]): string[] =>
  domains.filter((d) => others.some((o) => o.organisationId !== organisationId && o.domains.includes(d)));

/** An issuer is an https URL (http only on the own machine, for tests and development), without query or fragment. */
export const issuerProblem = (issuer: string): boolean => {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return true;
  }
  const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  return !(url.protocol === 'https:' || (url.protocol === 'http:' && local)) || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '';
};

const text = (max: number) => z.string({ error: 'validation-required' }).trim().min(1, { error: 'validation-required' }).max(max, { error: 'validation-max-length' });

/** `PUT /api/organisations/{id}/sso`: without `clientSecret` the stored secret stays. */
export const ssoSettingsBodySchema = z.object({
  issuer: text(500).refine((v) => !issuerProblem(v), { message: 'sso-issuer-invalid' }),
  clientId: text(200),
  clientSecret: z.string().max(500, { error: 'validation-max-length' }).optional(),
  domains: z
    .array(z.string().max(253).transform((d, ctx) => normaliseDomain(d) ?? (ctx.addIssue({ code: 'custom', message: 'sso-domain-invalid' }), z.NEVER)), { error: 'validation-required' })
    .min(1, { error: 'validation-required' })
    .max(SSO_MAX_DOMAINS, { error: 'validation-max-length' })
    .transform((ds) => [...new Set(ds)]),
  ssoOnly: z.boolean({ error: 'validation-required' }),
});
export type SsoSettingsBody = z.infer<typeof ssoSettingsBodySchema>;

/** `GET`: the settings without the secret, only whether one is stored. */
export const ssoSettingsSchema = z.object({
  configured: z.boolean(),
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
  clientSecretSet: z.boolean(),
  domains: z.array(z.string()),
  ssoOnly: z.boolean(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;
