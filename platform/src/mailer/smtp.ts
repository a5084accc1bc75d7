import nodemailer from 'nodemailer';
import type { Mailer } from './types';

/** A Message-ID (RFC 5322) made of the mail's idempotency key and the sender's domain: the same for every delivery of one mail. */
export function messageIdOf(key: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'hireloop.invalid';
  return `<${key.replace(/[^A-Za-z0-9._-]/g, '_')}@${domain}>`;
}

/** Delivers through an SMTP server: `smtp://host:port` (or `smtps://user:pass@host:465`). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(message, sendOptions) {
      await transport.sendMail({
        from: options.from,
        ...(sendOptions?.key ? { messageId: messageIdOf(sendOptions.key, options.from) } : {}),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map(({ filename, contentType, content }) => ({ filename, contentType, content })),
      });
    },
    async list() {
      return [];
    },
    async forget() {
      return 0;
    },
    async close() {
      transport.close();
    },
  };
}
