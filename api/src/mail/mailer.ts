import { createTransport } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe on the digest). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Where mail goes, for the start-up log. */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // Options such as ?ignoreTLS=true or ?tls.rejectUnauthorized=false can be given in the URL.
  const transport = createTransport(smtpUrl);
  // `host` is the name with its port when the URL gives one; the credentials are left out.
  const { host } = new URL(smtpUrl);
  return {
    description: `SMTP ${host}`,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/** Development without SMTP: the message is printed so a sign-in code can be read from the terminal. */
function createConsoleMailer(from: string, output: NodeJS.WritableStream): Mailer {
  return {
    description: 'the console (SMTP_URL is not set)',
    async send({ to, subject, text }) {
      output.write(
        `\n--- mail ---\nFrom: ${from}\nTo: ${to}\nSubject: ${subject}\n\n${text}\n--- end of mail ---\n\n`,
      );
    },
    close: () => undefined,
  };
}

export function createMailer(options: { smtpUrl: string | undefined; from: string }): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from)
    : createConsoleMailer(options.from, process.stdout);
}
