import { OTP_TTL_MS } from '@carmarket/shared/constants';
import type { MailMessage } from './mailer.js';

const CODE_TTL_MINUTES = Math.round(OTP_TTL_MS / 60_000);

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function layout(paragraphs: string[], code?: string): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);
  if (code) {
    body.splice(
      1,
      0,
      `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(code)}</p>`,
    );
  }
  return `<!doctype html><html><body style="font-family:sans-serif;color:#111">${body.join('')}</body></html>`;
}

function codeMessage(to: string, subject: string, intro: string, code: string): MailMessage {
  const outro = [
    `The code expires in ${CODE_TTL_MINUTES} minutes and can be used once.`,
    'If you did not ask for it, you can ignore this email.',
  ];
  return {
    to,
    subject,
    text: [intro, '', `    ${code}`, '', ...outro].join('\n'),
    html: layout([intro, ...outro], code),
  };
}

export function signInCodeEmail(to: string, code: string): MailMessage {
  return codeMessage(to, 'Your CarMarket sign-in code', 'Enter this code to sign in to CarMarket:', code);
}

export function newAccountCodeEmail(to: string, code: string): MailMessage {
  return codeMessage(
    to,
    'Confirm your CarMarket account',
    'Welcome to CarMarket! Enter this code to confirm your email and create your account:',
    code,
  );
}

/** Sent instead of a code when someone tries to sign in with an address that has no account. */
export function noAccountEmail(to: string): MailMessage {
  const paragraphs = [
    'Someone, probably you, tried to sign in to CarMarket with this email address, but there is no account for it yet.',
    'To buy and sell cars on CarMarket, register with this address first.',
    'If this was not you, you can ignore this email.',
  ];
  return {
    to,
    subject: 'No CarMarket account for this email yet',
    text: paragraphs.join('\n\n'),
    html: layout(paragraphs),
  };
}
