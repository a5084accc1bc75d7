import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server (the `smtp-server` package) on a free loopback port that keeps what it receives. */
export async function startTestSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      if (typeof address === 'object' && address) resolve(address.port);
      else reject(new Error('SMTP server has no port'));
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Waits for a mail to `to` and returns it. */
    async waitForMail(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((m) => m.to.includes(to));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    /** Waits for a mail to `to` whose raw text `matches` (for one of several mails to the same address). */
    async waitForMailWhere(to: string, matches: (raw: string) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((m) => m.to.includes(to) && matches(m.raw));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`No such mail to ${to} within ${timeoutMs} ms (${received.filter((m) => m.to.includes(to)).length} others)`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft line breaks and escapes so links can be read from a raw message. */
export const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The text of a raw message's `text/calendar` part (the `index`th, from 0), however nodemailer encoded it (base64 or quoted-printable); null without one. */
export function calendarPartOf(raw: string, index = 0): string | null {
  const part = raw.split(/Content-Type: text\/calendar/)[index + 1];
  if (part === undefined) return null;
  const [headers = '', body = ''] = part.split(/\r?\n\r?\n/);
  const content = body.split(/\r?\n--/)[0] ?? '';
  return /Content-Transfer-Encoding: base64/i.test(headers) ? Buffer.from(content.replace(/\s/g, ''), 'base64').toString('utf8') : decodeQuotedPrintable(content);
}
