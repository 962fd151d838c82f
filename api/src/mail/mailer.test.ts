import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

describe('where mail goes, as the start-up log names it', () => {
  it('names the SMTP server and its port once, never the credentials', () => {
    const mailer = createMailer({
      smtpUrl: 'smtp://carmarket:s3cret@mail.example.com:2525',
      from: 'CarMarket <no-reply@example.com>',
    });
    expect(mailer.description).toBe('SMTP mail.example.com:2525');
    mailer.close();
  });

  it('names the server alone when the URL has the default port', () => {
    const mailer = createMailer({ smtpUrl: 'smtp://mail.example.com', from: 'no-reply@example.com' });
    expect(mailer.description).toBe('SMTP mail.example.com');
    mailer.close();
  });

  it('says that mail is printed when SMTP_URL is not set', () => {
    expect(createMailer({ smtpUrl: undefined, from: 'no-reply@example.com' }).description).toBe(
      'the console (SMTP_URL is not set)',
    );
  });
});
