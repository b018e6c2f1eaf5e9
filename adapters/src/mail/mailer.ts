import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from '@ecore/core/identity/ports.ts';

export interface MailerOptions {
  /** SMTP connection URL (smtp://user:pass@host:port); without it mails are written as .eml files. */
  smtpUrl?: string | undefined;
  /** Folder for .eml files when no SMTP server is configured. */
  outboxDir: string;
  from: string;
  /**
   * Told of every mail sent, for the log. The link (with its single-use token) is told only for the
   * .eml outbox of the embedded default, a developer's convenience; never when mail goes out by SMTP,
   * so that nobody who reads the logs can take over an account.
   */
  onSent?: (entry: SentMail) => void;
}

export interface SentMail {
  to: string;
  subject: string;
  delivery: 'smtp' | 'outbox';
  /** The .eml file (outbox only). */
  file?: string;
  /** The mail's link (outbox only). */
  link?: string;
}

export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;

  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      if (options.smtpUrl) {
        options.onSent?.({ to: mail.to, subject: mail.subject, delivery: 'smtp' });
        return;
      }
      // Outbox files carry live links: readable by their owner only.
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      sequence += 1;
      const safe = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${sequence}-${safe}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
      options.onSent?.({ to: mail.to, subject: mail.subject, delivery: 'outbox', file, ...(mail.link ? { link: mail.link } : {}) });
    },
  };
}

/** A mailer that keeps what it was given; for tests of the routes. */
export function createMemoryMailer(): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return { sent, send: async (mail) => void sent.push(mail) };
}
