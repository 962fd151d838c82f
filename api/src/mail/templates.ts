import type { AppNotification } from '@carmarket/shared/contracts';
import { describeNotification } from '@carmarket/shared/format';
import type { MailMessage } from './mailer.js';

/** "10 minutes", or seconds for a lifetime configured under a minute. */
function describeLifetime(ms: number): string {
  const [amount, unit] =
    ms >= 60_000 ? [Math.round(ms / 60_000), 'minute'] : [Math.round(ms / 1000), 'second'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

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

function codeMessage(to: string, subject: string, intro: string, code: string, ttlMs: number): MailMessage {
  const outro = [
    `The code expires in ${describeLifetime(ttlMs)} and can be used once.`,
    'If you did not ask for it, you can ignore this email.',
  ];
  return {
    to,
    subject,
    text: [intro, '', `    ${code}`, '', ...outro].join('\n'),
    html: layout([intro, ...outro], code),
  };
}

export function signInCodeEmail(to: string, code: string, ttlMs: number): MailMessage {
  return codeMessage(
    to,
    'Your CarMarket sign-in code',
    'Enter this code to sign in to CarMarket:',
    code,
    ttlMs,
  );
}

export function newAccountCodeEmail(to: string, code: string, ttlMs: number): MailMessage {
  return codeMessage(
    to,
    'Confirm your CarMarket account',
    'Welcome to CarMarket! Enter this code to confirm your email and create your account:',
    code,
    ttlMs,
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

/**
 * The daily digest of notifications (new listings for saved searches), each with its link, and a
 * one-click unsubscribe link (also in List-Unsubscribe, RFC 8058) that needs no sign-in.
 */
export function notificationDigestEmail(
  to: string,
  digest: { items: AppNotification[]; more: boolean; siteUrl: string; unsubscribeUrl: string },
): MailMessage {
  const lines = digest.items.map((item) => {
    const { text, href } = describeNotification(item);
    return { text, url: digest.siteUrl + href };
  });
  const intro =
    lines.length === 1
      ? 'A new car matches one of your saved searches on CarMarket:'
      : 'New cars match your saved searches on CarMarket:';
  const more = digest.more ? 'There are more in the notifications menu on CarMarket.' : '';
  const outro =
    "You get this email because your profile says 'Email me about saved searches' or 'Email me about new listings'.";
  const unsubscribe = 'Stop these emails';
  return {
    to,
    subject:
      lines.length === 1
        ? 'A new car for your saved search'
        : `${lines.length} new cars for your saved searches`,
    text: [
      intro,
      '',
      ...lines.map((line) => `- ${line.text}\n  ${line.url}`),
      ...(more ? ['', more] : []),
      '',
      outro,
      `${unsubscribe}: ${digest.unsubscribeUrl}`,
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;color:#111"><p>${escapeHtml(intro)}</p><ul>${lines
      .map((line) => `<li><a href="${escapeHtml(line.url)}">${escapeHtml(line.text)}</a></li>`)
      .join(
        '',
      )}</ul>${more ? `<p>${escapeHtml(more)}</p>` : ''}<p>${escapeHtml(outro)}</p><p><a href="${escapeHtml(
      digest.unsubscribeUrl,
    )}">${unsubscribe}</a></p></body></html>`,
    headers: {
      'List-Unsubscribe': `<${digest.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
