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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft line breaks and escapes so links can be read from a raw message. */
export const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
