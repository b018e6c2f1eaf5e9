import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkMail } from '@ecore/core/identity/mails.ts';
import { createMailer } from './mailer.ts';

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
    const links: string[] = [];
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: '/nonexistent', from: 'ECORE Portal <no-reply@ecore.example>', onSent: (m) => links.push(m.link ?? '') });
    await mailer.send(linkMail('setPassword', 'de', 'neu@kunde.example', 'Nina Neu', 'http://portal/set-password?userName=nina&token=abc'));
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['neu@kunde.example']);
    expect(received[0]?.from).toBe('no-reply@ecore.example');
    const body = readable(received[0]?.data ?? '');
    expect(body).toContain('Subject: Willkommen im ECORE-Portal: Passwort festlegen');
    expect(body).toContain('für Sie wurde ein Zugang zum ECORE-Portal angelegt.');
    expect(body).toContain('Passwort festlegen: http://portal/set-password?userName=nina&token=abc');
    expect(links).toEqual(['http://portal/set-password?userName=nina&token=abc']);
  });
});

describe('mail to the outbox folder (no SMTP configured)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ecore-outbox-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('writes one .eml file per mail with the link in it', async () => {
    const mailer = createMailer({ outboxDir: join(dir, 'outbox'), from: 'ECORE Portal <no-reply@ecore.example>' });
    await mailer.send(linkMail('resetPassword', 'en', 'a@b.example', 'A B', 'http://portal/set-password?userName=a&token=t1'));
    const files = await readdir(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/a@b\.example\.eml$/);
    const eml = readable(await readFile(join(dir, 'outbox', files[0]!), 'utf8'));
    expect(eml).toContain('To: a@b.example');
    expect(eml).toContain('Subject: ECORE portal: reset your password');
    expect(eml).toContain('http://portal/set-password?userName=a&token=t1');
  });
});
