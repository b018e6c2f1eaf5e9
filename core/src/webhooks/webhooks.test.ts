import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  checkNewWebhook,
  checkResolvedAddresses,
  checkWebhookUrl,
  FAILING_LIMIT_MS,
  isPrivateAddress,
  questionnaireEvents,
  retrySchedule,
  RETRY_MAX_MS,
  signedText,
  WEBHOOK_EVENTS,
  WEBHOOKS_PER_ORGANISATION,
} from './webhooks.ts';

const keys = (errors: { key: string }[]) => errors.map((e) => e.key);
const octet = () => fc.integer({ min: 0, max: 255 });

describe('webhook URLs (SSRF)', () => {
  it('refuses every address in 10/8, 172.16/12, 192.168/16, 169.254/16 and the loopback, and accepts public ones', () => {
    fc.assert(
      fc.property(octet(), octet(), octet(), octet(), (a, b, c, d) => {
        const spec = a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
        expect(isPrivateAddress(`${a}.${b}.${c}.${d}`)).toBe(spec);
      }),
      { numRuns: 2000 },
    );
    for (const inside of ['10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '127.0.0.1', '::1', '[::1]', 'fd00::1', 'fe80::1', '::ffff:10.1.2.3'])
      expect([inside, isPrivateAddress(inside)]).toEqual([inside, true]);
    for (const outside of ['172.15.0.1', '172.32.0.1', '8.8.8.8', '2001:db8::1', 'hooks.example.com']) expect([outside, isPrivateAddress(outside)]).toEqual([outside, false]);
  });

  it('takes https only, http just to 127.0.0.1 or localhost in development', () => {
    expect(keys(checkWebhookUrl('https://hooks.bank.example/ecore', false))).toEqual([]);
    expect(keys(checkWebhookUrl('http://hooks.bank.example/ecore', false))).toEqual(['webhook-url-https']);
    expect(keys(checkWebhookUrl('http://127.0.0.1:9000/hook', false))).toEqual(['webhook-url-https']);
    expect(keys(checkWebhookUrl('https://localhost/hook', false))).toEqual(['webhook-url-private']);
    expect(keys(checkWebhookUrl('http://127.0.0.1:9000/hook', true))).toEqual([]);
    expect(keys(checkWebhookUrl('http://localhost:9000/hook', true))).toEqual([]);
    expect(keys(checkWebhookUrl('http://10.0.0.5/hook', true))).toEqual(['webhook-url-https']);
    expect(keys(checkWebhookUrl('https://10.0.0.5/hook', true))).toEqual(['webhook-url-private']);
    expect(keys(checkWebhookUrl('https://[::1]/hook', false))).toEqual(['webhook-url-private']);
    expect(keys(checkWebhookUrl('https://user:pw@hooks.example/', false))).toEqual(['webhook-url-invalid']);
    expect(keys(checkWebhookUrl('nicht eine Adresse', false))).toEqual(['webhook-url-invalid']);
  });

  it('refuses a name that resolves to a private address, or to none', () => {
    expect(keys(checkResolvedAddresses('hooks.example', ['93.184.216.34'], false))).toEqual([]);
    expect(keys(checkResolvedAddresses('inside.example', ['93.184.216.34', '10.1.1.1'], false))).toEqual(['webhook-url-private']);
    expect(keys(checkResolvedAddresses('gone.example', [], false))).toEqual(['webhook-url-unresolved']);
    expect(keys(checkResolvedAddresses('localhost', ['127.0.0.1'], true))).toEqual([]);
    expect(keys(checkResolvedAddresses('localhost', ['127.0.0.1'], false))).toEqual(['webhook-url-private']);
  });
});

describe('a new subscription', () => {
  it('needs known events, at least one, and at most 10 subscriptions per organisation', () => {
    expect(checkNewWebhook({ url: 'https://h.example/', events: ['certificate.issued'] }, 0, false)).toEqual([]);
    expect(keys(checkNewWebhook({ url: 'https://h.example/', events: [] }, 0, false))).toEqual(['webhook-events-required']);
    expect(checkNewWebhook({ url: 'https://h.example/', events: ['certificate.issued', 'label.expired'] }, 0, false)).toEqual([{ path: 'events', key: 'webhook-event-unknown', params: { event: 'label.expired' } }]);
    expect(keys(checkNewWebhook({ url: 'https://h.example/', events: [...WEBHOOK_EVENTS] }, WEBHOOKS_PER_ORGANISATION - 1, false))).toEqual([]);
    expect(keys(checkNewWebhook({ url: 'https://h.example/', events: [...WEBHOOK_EVENTS] }, WEBHOOKS_PER_ORGANISATION, false))).toEqual(['webhook-limit']);
  });
});

describe('the retry schedule', () => {
  it('waits 30 s, then twice as long each time up to an hour, and pauses after a day of failures', () => {
    const schedule = retrySchedule();
    expect(schedule.slice(0, 8)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000]);
    for (let i = 1; i < schedule.length; i++) expect(schedule[i]!).toBeGreaterThanOrEqual(schedule[i - 1]!);
    expect(Math.max(...schedule)).toBe(RETRY_MAX_MS);
    const total = schedule.reduce((s, d) => s + d, 0);
    // The last try comes once the day is over (its failure pauses); every one before it within the day.
    expect(total).toBeGreaterThanOrEqual(FAILING_LIMIT_MS);
    expect(total - schedule.at(-1)!).toBeLessThan(FAILING_LIMIT_MS);
  });

  it('never retries sooner than 30 s nor later than an hour, and pauses exactly once a day has passed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 0, max: 2 * FAILING_LIMIT_MS }), (failures, failingFor) => {
        const now = 1_800_000_000_000;
        const next = afterFailure(failures, now - failingFor, now);
        if (failingFor >= FAILING_LIMIT_MS) expect(next).toEqual({ pause: true });
        else {
          expect('retryAt' in next).toBe(true);
          const delay = (next as { retryAt: number }).retryAt - now;
          expect(delay).toBeGreaterThanOrEqual(30_000);
          expect(delay).toBeLessThanOrEqual(RETRY_MAX_MS);
        }
      }),
    );
  });
});

describe('events and signature text', () => {
  it('signs "<timestamp>.<body>"', () => {
    expect(signedText(1764410000, '{"id":"a"}')).toBe('1764410000.{"id":"a"}');
  });

  it('makes submitted, declined and review-finished events from the state changes of DOMAIN.md §3', () => {
    expect(questionnaireEvents('Active', 'Review')).toEqual(['questionnaire.submitted']);
    expect(questionnaireEvents('Declined', 'Review')).toEqual(['questionnaire.submitted']);
    expect(questionnaireEvents('Review', 'Evaluation')).toEqual(['review.finished']);
    expect(questionnaireEvents('Review', 'Verification')).toEqual(['review.finished']);
    expect(questionnaireEvents('Review', 'Declined')).toEqual(['questionnaire.declined', 'review.finished']);
    expect(questionnaireEvents('Evaluation', 'Declined')).toEqual(['questionnaire.declined']);
    expect(questionnaireEvents('Evaluation', 'Closed')).toEqual([]);
    expect(questionnaireEvents('Closed', 'Expired')).toEqual([]);
  });
});
