import nodemailer from 'nodemailer';
import type { Mailer } from './types';

/** Delivers through an SMTP server: `smtp://host:port` (or `smtps://user:pass@host:465`). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: options.from,
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
