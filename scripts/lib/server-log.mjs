// What a whole e2e run must never leave in the server's log (pino JSON, one object per line): an
// answer of 5xx (a defect wherever it happened, even in a test about something else), and secrets.
// Patterns catch any access or refresh token, address or code; the exact codes and addresses the
// run's mail catcher received catch them however a log line would spell them.
import { Mailbox } from './smtp-catcher.mjs';

const SECRETS = [
  ['an access token', /eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/],
  // randomBytes(32) in base64url (api/src/modules/auth/tokens.ts).
  ['a refresh token', /(?<![\w-])[\w-]{43}(?![\w-])/],
  ['an email address', /[\w.+-]+@[\w-]+\.[\w.-]+/],
  ['a one-time code', /"(?:otp|code)"\s*:\s*"?\d{6}\b/],
];

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The sign-in codes and the addresses in the catcher's `mailDir`. */
export async function mailedSecrets(mailDir) {
  const mailbox = new Mailbox(mailDir);
  const addresses = await mailbox.addresses();
  const codes = [];
  for (const address of addresses) {
    for (const text of await mailbox.messages(address)) {
      // A code mail has the code alone on an indented line (api/src/mail/templates.ts).
      const code = /^\s+(\d{6})\s*$/m.exec(text)?.[1];
      if (code) codes.push(code);
    }
  }
  return { codes, addresses };
}

/**
 * The log's problems, one line each. `mailed` (mailedSecrets) adds the run's own codes, as whole
 * numbers (not inside a hash, an id or a decimal), and addresses, in any letter case.
 * @param {string} log
 * @param {{ codes?: string[], addresses?: string[] }} [mailed]
 * @returns {string[]}
 */
export function serverLogProblems(log, { codes = [], addresses = [] } = {}) {
  const secrets = [...SECRETS];
  if (codes.length > 0)
    secrets.push(['a mailed code', new RegExp(`(?<![\\w.])(?:${codes.join('|')})(?!\\w)`)]);
  if (addresses.length > 0)
    secrets.push(['a mailed address', new RegExp(addresses.map(escapeRegExp).join('|'), 'i')]);
  const problems = [];
  for (const line of log.split('\n').filter(Boolean)) {
    let entry = {};
    try {
      entry = JSON.parse(line);
    } catch {
      // Lines that are not JSON are still searched for secrets.
    }
    const status = entry.res?.statusCode;
    if (status !== undefined && status >= 500) problems.push(`a ${status} answer: ${line.slice(0, 300)}`);
    for (const [what, pattern] of secrets) {
      if (pattern.test(line)) problems.push(`${what} in the log: ${line.slice(0, 300)}`);
    }
  }
  return problems;
}
