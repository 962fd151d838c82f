import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  /** The raw message (headers and MIME body) as it crossed the wire. */
  raw: string;
}

/**
 * A real SMTP server on a random local port that keeps every message it receives, so sign-in
 * tests read their codes from actual mail.
 */
export async function startSmtpCatcher() {
  const inbox: CaughtMail[] = [];
  const waiting: (() => void)[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        inbox.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          subject: /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
          raw,
        });
        waiting.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const messagesTo = (email: string) => inbox.filter((mail) => mail.to.includes(email));

  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messagesTo,

    /** Waits for the `count`-th message to `email` (1-based) and returns it. */
    async waitForMail(email: string, count = 1, timeoutMs = 5000): Promise<CaughtMail> {
      const deadline = Date.now() + timeoutMs;
      while (messagesTo(email).length < count) {
        if (Date.now() > deadline) throw new Error(`No mail #${count} for ${email} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return messagesTo(email)[count - 1]!;
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;

/** The 6-digit code in a sign-in mail's plain-text part. */
export function codeFrom(mail: CaughtMail): string {
  const code = /^\s+(\d{6})\s*$/m.exec(mail.raw)?.[1];
  if (!code) throw new Error(`No code in mail "${mail.subject}"`);
  return code;
}
