// Signing up through the public API with the code from real mail, and the shape the shell persists
// a session in, so tests whose subject is not sign-in itself can start signed in.
import { randomBytes } from 'node:crypto';

/** An address no other test or run uses. */
export function uniqueEmail(label = 'user') {
  return `${label}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.com`;
}

async function post(baseURL, route, body) {
  const response = await fetch(`${baseURL}/api${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const payload = await response.json().catch(() => null);
  if (!response.ok)
    throw new Error(`POST /api${route} answered ${response.status}: ${JSON.stringify(payload)}`);
  return payload.data;
}

/** Registers `email` and verifies it with the code the catcher received. */
export async function signUpViaApi({ baseURL, mailbox, email = uniqueEmail() }) {
  const before = (await mailbox.messages(email)).length;
  await post(baseURL, '/auth/register', { email });
  const otp = await mailbox.waitForCode(email, { count: before + 1 });
  const { user, tokens } = await post(baseURL, '/auth/verify', { email, otp });
  return { user, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}

/** The `auth-storage` entry (zustand persist format) for a signed-in session. */
export function persistedSession({ user, accessToken, refreshToken }) {
  return JSON.stringify({ state: { user, accessToken, refreshToken, isAuthenticated: true }, version: 0 });
}
