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
  /** Told of every mail's link, so that a developer can follow it without a mail client. */
  onSent?: (mail: OutgoingMail, where: string) => void;
}

export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;

  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      let where = `smtp:${mail.to}`;
      if (!options.smtpUrl) {
        await mkdir(options.outboxDir, { recursive: true });
        sequence += 1;
        const safe = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
        where = join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${sequence}-${safe}.eml`);
        await writeFile(where, (info as unknown as { message: Buffer }).message);
      }
      options.onSent?.(mail, where);
    },
  };
}

/** A mailer that keeps what it was given; for tests of the routes. */
export function createMemoryMailer(): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return { sent, send: async (mail) => void sent.push(mail) };
}
