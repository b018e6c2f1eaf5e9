import { describe, expect, it } from 'vitest';
import { accessRequestMail } from './access-request-mail.ts';

/** Spec 02 §4 "Access request": the owner's contact gets an approve and a decline link, valid 14 days (DOMAIN.md). */
const request = { buyerOrganisationName: 'Käufer Wohnbau GmbH', assetName: 'Bürohaus Mitte', assetId: 42 };
const links = { approve: 'https://portal.example/access?permissionId=7&decision=true', decline: 'https://portal.example/access?permissionId=7&decision=false' };

describe('the access-request mail to the owner (spec 02 §4, DOMAIN.md: decision link 14 days, one decision)', () => {
  /** The mail in each language, line by line, as the owner's contact reads it. */
  it.each([
    {
      language: 'de' as const,
      subject: 'ECORE-Portal: Zugriffsanfrage für Bürohaus Mitte',
      lines: [
        'Guten Tag Eva Muster,',
        '',
        'Käufer Wohnbau GmbH bittet um Lesezugriff auf die Daten Ihres Objekts „Bürohaus Mitte“ (Objekt-ID 42) im ECORE-Portal.',
        '',
        'Zugriff gewähren: https://portal.example/access?permissionId=7&decision=true',
        'Anfrage ablehnen: https://portal.example/access?permissionId=7&decision=false',
        '',
        'Die Links sind 14 Tage gültig; es zählt die erste Entscheidung.',
        '',
        'ECORE Portal',
      ],
    },
    {
      language: 'en' as const,
      subject: 'ECORE portal: access request for Bürohaus Mitte',
      lines: [
        'Hello Eva Muster,',
        '',
        'Käufer Wohnbau GmbH asks for read access to the data of your object "Bürohaus Mitte" (object ID 42) in the ECORE portal.',
        '',
        'Grant access: https://portal.example/access?permissionId=7&decision=true',
        'Decline request: https://portal.example/access?permissionId=7&decision=false',
        '',
        'The links are valid for 14 days; the first decision counts.',
        '',
        'ECORE Portal',
      ],
    },
  ])('asks in "$language" for read access, with both links and their validity', ({ language, subject, lines }) => {
    const mail = accessRequestMail(language, 'eva@muster.example', 'Eva Muster', request, links);
    expect(mail.to).toBe('eva@muster.example');
    expect(mail.subject).toBe(subject);
    expect(mail.text).toBe(lines.join('\n'));
    expect(mail.link).toBe('https://portal.example/access?permissionId=7&decision=true');
  });

  it('writes the same in HTML, with the links as anchors', () => {
    const mail = accessRequestMail('en', 'eva@muster.example', 'Eva Muster', request, {
      approve: 'https://portal.example/a',
      decline: 'https://portal.example/d',
    });
    expect(mail.html).toBe(
      '<p>Hello Eva Muster,</p>' +
        '<p>Käufer Wohnbau GmbH asks for read access to the data of your object &quot;Bürohaus Mitte&quot; (object ID 42) in the ECORE portal.</p>' +
        '<p><a href="https://portal.example/a">Grant access</a> · <a href="https://portal.example/d">Decline request</a></p>' +
        '<p>The links are valid for 14 days; the first decision counts.</p>' +
        '<p>ECORE Portal</p>',
    );
  });

  it('escapes what a buyer or owner typed, so that names cannot inject markup into the HTML mail', () => {
    const mail = accessRequestMail(
      'de',
      'eva@muster.example',
      '<b>Eva</b>',
      { buyerOrganisationName: `Tom & Jerry's "Bau"`, assetName: '<script>x</script>', assetId: 1 },
      { approve: 'https://p.example/?a=1&b="2"', decline: "https://p.example/?c='3'" },
    );
    expect(mail.html).toBe(
      '<p>Guten Tag &lt;b&gt;Eva&lt;/b&gt;,</p>' +
        '<p>Tom &amp; Jerry&#39;s &quot;Bau&quot; bittet um Lesezugriff auf die Daten Ihres Objekts „&lt;script&gt;x&lt;/script&gt;“ (Objekt-ID 1) im ECORE-Portal.</p>' +
        '<p><a href="https://p.example/?a=1&amp;b=&quot;2&quot;">Zugriff gewähren</a> · <a href="https://p.example/?c=&#39;3&#39;">Anfrage ablehnen</a></p>' +
        '<p>Die Links sind 14 Tage gültig; es zählt die erste Entscheidung.</p>' +
        '<p>ECORE Portal</p>',
    );
    // The plain text is not HTML: it keeps the names as typed.
    expect(mail.text.split('\n')[0]).toBe('Guten Tag <b>Eva</b>,');
  });
});
