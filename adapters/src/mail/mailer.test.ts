import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkMail } from '@ecore/core/identity/mails.ts';
import { createMailer, type SentMail } from './mailer.ts';

/** The mail body as a reader sees it: quoted-printable soft breaks and escapes undone. */
const readable = (raw: string) =>
  Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

describe('mail over SMTP', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers the set-password mail to a real SMTP listener', async () => {
    const logged: SentMail[] = [];
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: '/nonexistent', from: 'ECORE Portal <no-reply@ecore.example>', onSent: (m) => logged.push(m) });
    await mailer.send(linkMail('setPassword', 'de', 'neu@kunde.example', 'Nina Neu', 'http://portal/set-password?userName=nina&token=abc'));
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['neu@kunde.example']);
    expect(received[0]?.from).toBe('no-reply@ecore.example');
    const body = readable(received[0]?.data ?? '');
    expect(body).toContain('Subject: Willkommen im ECORE-Portal: Passwort festlegen');
    expect(body).toContain('für Sie wurde ein Zugang zum ECORE-Portal angelegt.');
    expect(body).toContain('Passwort festlegen: http://portal/set-password?userName=nina&token=abc');
    // Over SMTP the log learns who got which mail, never the link or its token (issue 9).
    expect(logged).toEqual([{ to: 'neu@kunde.example', subject: 'Willkommen im ECORE-Portal: Passwort festlegen', delivery: 'smtp' }]);
    expect(JSON.stringify(logged)).not.toContain('abc');
  });
});

describe('mail to the outbox folder (no SMTP configured)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ecore-outbox-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('writes one .eml file per mail with the link in it, readable by its owner only, and tells the log the link', async () => {
    const logged: SentMail[] = [];
    const mailer = createMailer({ outboxDir: join(dir, 'outbox'), from: 'ECORE Portal <no-reply@ecore.example>', onSent: (m) => logged.push(m) });
    await mailer.send(linkMail('resetPassword', 'en', 'a@b.example', 'A B', 'http://portal/set-password?userName=a&token=t1'));
    const files = await readdir(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/a@b\.example\.eml$/);
    const eml = readable(await readFile(join(dir, 'outbox', files[0]!), 'utf8'));
    expect(eml).toContain('To: a@b.example');
    expect(eml).toContain('Subject: ECORE portal: reset your password');
    expect(eml).toContain('http://portal/set-password?userName=a&token=t1');
    expect((await stat(join(dir, 'outbox', files[0]!))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'outbox'))).mode & 0o777).toBe(0o700);
    expect(logged).toEqual([
      { to: 'a@b.example', subject: 'ECORE portal: reset your password', delivery: 'outbox', file: join(dir, 'outbox', files[0]!), link: 'http://portal/set-password?userName=a&token=t1' },
    ]);
  });
});
