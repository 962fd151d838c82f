/**
 * What a whole e2e run must never leave in the server's log (pino JSON, one object per line): an
 * answer of 5xx (a defect wherever it happened, even in a test about something else), and secrets
 * — access or refresh tokens, email addresses, one-time codes.
 */
const SECRETS: [string, RegExp][] = [
  ['a token', /eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/],
  ['an email address', /[\w.+-]+@[\w-]+\.[\w.-]+/],
  ['a one-time code', /"(?:otp|code)"\s*:\s*"?\d{6}\b/],
];

export function serverLogProblems(log: string): string[] {
  const problems: string[] = [];
  for (const line of log.split('\n').filter(Boolean)) {
    let entry: { res?: { statusCode?: number }; req?: { method?: string; url?: string } } = {};
    try {
      entry = JSON.parse(line);
    } catch {
      // Lines that are not JSON are still searched for secrets.
    }
    const status = entry.res?.statusCode;
    if (status !== undefined && status >= 500) problems.push(`a ${status} answer: ${line.slice(0, 300)}`);
    for (const [what, pattern] of SECRETS) {
      if (pattern.test(line)) problems.push(`${what} in the log: ${line.slice(0, 300)}`);
    }
  }
  return problems;
}
