import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { oneTimeCodes, users } from '../../db/schema.js';
import { codeFrom, startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.js';
import {
  signIn,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  TEST_JWT_SECRET,
  type TestApp,
} from '../../test/test-app.js';

const IP_LIMIT = 8;
const EMAIL_LIMIT = 3;

let smtp: SmtpCatcher;
let t: TestApp;

// Every test speaks from its own client address (the app trusts X-Forwarded-For here), so the
// per-IP limit only bites where a test means it to.
let lastIp = 0;
function client() {
  const headers = { 'x-forwarded-for': `10.0.${Math.floor(++lastIp / 250)}.${lastIp % 250}` };
  return {
    post: (path: string, json: unknown) => t.request('POST', `/api/auth${path}`, { json, headers }),
    signIn: (email: string) => signIn(t, smtp, email, headers),
  };
}

let lastEmail = 0;
const newEmail = () => `driver${++lastEmail}@example.com`;

async function expireCode(email: string) {
  await t.app.database.db
    .update(oneTimeCodes)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(oneTimeCodes.email, email));
}

/** As if the resend interval had passed since the last mail. */
async function allowResend(email: string) {
  await t.app.database.db
    .update(oneTimeCodes)
    .set({ lastSentAt: sql`now() - interval '61 seconds'` })
    .where(eq(oneTimeCodes.email, email));
}

const secretKey = new TextEncoder().encode(TEST_JWT_SECRET);

// The one suite that signs in end to end: codes travel through a real SMTP server and requests
// over real HTTP; the other suites mint their tokens (signUp) and use inject.
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({
    smtp,
    listen: true,
    env: {
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_IP_MAX: String(IP_LIMIT),
      AUTH_RATE_LIMIT_EMAIL_MAX: String(EMAIL_LIMIT),
    },
  });
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('registering with an email code', () => {
  it('sends a code that verifies into a new account with tokens', async () => {
    const { post } = client();
    const email = newEmail();

    const requested = await post('/register', { email });
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({ success: true, data: { message: 'Verification code sent' } });

    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe('Confirm your CarMarket account');
    const verified = await post('/verify', { email, otp: codeFrom(mail) });
    expect(verified.status).toBe(200);
    expect(verified.body.data.user).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email,
      name: null,
      phone: null,
      city: null,
      state: null,
      emailNewListings: false,
      emailSavedSearches: false,
      role: 'private',
      createdAt: expect.any(String),
      firstSignIn: true,
      isAdmin: false,
    });
    const { accessToken, refreshToken } = verified.body.data.tokens;
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await t.request('GET', '/api/auth/me', { token: accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data.user._id).toBe(verified.body.data.user._id);
  });

  it('stores the address in lower case', async () => {
    const { post } = client();
    const email = newEmail();
    await post('/register', { email: email.toUpperCase() });
    const otp = codeFrom(await smtp.waitForMail(email));
    const verified = await post('/verify', { email: ` ${email.toUpperCase()} `, otp });
    expect(verified.body.data.user.email).toBe(email);
  });

  it('sends an existing account a sign-in code instead, and signs into the same account', async () => {
    const { post, signIn } = client();
    const email = newEmail();
    const first = await signIn(email);
    await allowResend(email);

    expect((await post('/register', { email })).status).toBe(200);
    const mail = await smtp.waitForMail(email, 2);
    expect(mail.subject).toBe('Your CarMarket sign-in code');
    const again = await post('/verify', { email, otp: codeFrom(mail) });
    expect(again.body.data.user._id).toBe(first.user._id);
    // The second sign-in of the account: the user is greeted as returning from now on.
    expect(first.user.firstSignIn).toBe(true);
    expect(again.body.data.user.firstSignIn).toBe(false);
    const me = await t.request('GET', '/api/auth/me', { token: first.accessToken });
    expect(me.body.data.user.firstSignIn).toBe(false);
  });

  it('uses a code once', async () => {
    const { post } = client();
    const email = newEmail();
    await post('/register', { email });
    const otp = codeFrom(await smtp.waitForMail(email));
    expect((await post('/verify', { email, otp })).status).toBe(200);
    expect((await post('/verify', { email, otp })).body.error).toBe('Invalid or expired code');
  });
});

describe('signing in', () => {
  it('sends a sign-in code to an existing account', async () => {
    const { post, signIn } = client();
    const email = newEmail();
    const registered = await signIn(email);
    await allowResend(email);

    expect((await post('/login', { email })).status).toBe(200);
    const mail = await smtp.waitForMail(email, 2);
    const verified = await post('/login/verify', { email, otp: codeFrom(mail) });
    expect(verified.status).toBe(200);
    expect(verified.body.data.user._id).toBe(registered.user._id);
  });

  it('answers an unknown address exactly like a known one and mails a notice without a code', async () => {
    const { post, signIn } = client();
    const known = newEmail();
    await signIn(known);
    await allowResend(known);
    const unknown = newEmail();

    const forKnown = await post('/login', { email: known });
    const forUnknown = await post('/login', { email: unknown });
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.body).toEqual(forKnown.body);

    const notice = await smtp.waitForMail(unknown);
    expect(notice.subject).toBe('No CarMarket account for this email yet');
    expect(() => codeFrom(notice)).toThrow();
    expect((await post('/login/verify', { email: unknown, otp: '123456' })).body.error).toBe(
      'Invalid or expired code',
    );
    const [account] = await t.app.database.db.select().from(users).where(eq(users.email, unknown));
    expect(account).toBeUndefined();
  });
});

describe('code checks', () => {
  it('rejects a wrong code without spending the right one', async () => {
    const { post } = client();
    const email = newEmail();
    await post('/register', { email });
    const otp = codeFrom(await smtp.waitForMail(email));
    const wrong = otp === '000000' ? '111111' : '000000';

    const rejected = await post('/verify', { email, otp: wrong });
    expect(rejected.status).toBe(400);
    expect(rejected.body).toMatchObject({
      success: false,
      error: 'Invalid or expired code',
      code: 'INVALID_CODE',
    });
    expect((await post('/verify', { email, otp })).status).toBe(200);
  });

  it('kills the code after 5 wrong tries', async () => {
    const { post } = client();
    const email = newEmail();
    await post('/register', { email });
    const otp = codeFrom(await smtp.waitForMail(email));
    const wrong = otp === '000000' ? '111111' : '000000';

    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('/verify', { email, otp: wrong })).status).toBe(400);
    }
    const afterwards = await post('/verify', { email, otp });
    expect(afterwards.status).toBe(400);
    expect(afterwards.body.error).toBe('Invalid or expired code');
  });

  it('rejects an expired code', async () => {
    const { post } = client();
    const email = newEmail();
    await post('/register', { email });
    const otp = codeFrom(await smtp.waitForMail(email));
    await expireCode(email);

    const expired = await post('/verify', { email, otp });
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe('Invalid or expired code');
  });

  // OWASP ASVS 2.7.6, as far as it shows from outside: a code is one of 10^6 (about 20 bits) and
  // codes do not follow one another. That they come from the CSPRNG (crypto.randomInt) holds by
  // construction: no sample tells a CSPRNG from a good ordinary generator.
  it('mails codes of 6 digits that follow no sequence: 40 sign-ups in a row, then a new code for one address', async () => {
    const emails = Array.from({ length: 40 }, newEmail);
    for (const email of emails) expect((await client().post('/register', { email })).status).toBe(200);
    const codes = await Promise.all(emails.map(async (email) => codeFrom(await smtp.waitForMail(email))));
    // The mail's code line holds exactly the code: 6 digits, no fewer and no more.
    codes.forEach((code) => expect(code).toMatch(/^\d{6}$/));
    // 40 draws from a million: a repeat is a 1 in 1,300 chance, two are 1 in 3 million.
    expect(new Set(codes).size).toBeGreaterThanOrEqual(39);
    const values = codes.map(Number);
    const steps = new Set(values.slice(1).map((value, index) => value - values[index]!));
    expect(steps.size).toBeGreaterThan(1);
    // Not a counter nor the clock: they spread over the range (all 40 within a tenth of it: < 10^-37).
    expect(Math.max(...values) - Math.min(...values)).toBeGreaterThan(100_000);

    const [first] = emails as [string];
    await allowResend(first);
    expect((await client().post('/register', { email: first })).status).toBe(200);
    expect(codeFrom(await smtp.waitForMail(first, 2))).not.toBe(codes[0]);
    // 41 codes through SMTP: about 5 s, more on a busy machine.
  }, 60_000);

  it('stores codes only as hashes', async () => {
    const { post } = client();
    const email = newEmail();
    await post('/register', { email });
    const otp = codeFrom(await smtp.waitForMail(email));
    const [row] = await t.app.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, email));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(otp);
  });
});

describe('resending', () => {
  it('refuses a second code within 60 seconds with Retry-After, for known and unknown addresses alike', async () => {
    const { post } = client();
    const email = newEmail();
    expect((await post('/register', { email })).status).toBe(200);

    const tooSoon = await post('/resend-otp', { email });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toMatchObject({ success: false, code: 'CODE_RECENTLY_SENT' });
    const retryAfter = Number(tooSoon.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const unknown = newEmail();
    expect((await post('/login', { email: unknown })).status).toBe(200);
    expect((await post('/login', { email: unknown })).status).toBe(429);
    expect(smtp.messagesTo(email)).toHaveLength(1);
  });

  it('replaces the pending registration code once the interval has passed', async () => {
    const { post } = client();
    const email = newEmail();
    await post('/register', { email });
    const firstCode = codeFrom(await smtp.waitForMail(email));
    await allowResend(email);

    expect((await post('/resend-otp', { email })).status).toBe(200);
    const resent = await smtp.waitForMail(email, 2);
    expect(resent.subject).toBe('Confirm your CarMarket account');
    const secondCode = codeFrom(resent);
    if (secondCode !== firstCode) {
      expect((await post('/verify', { email, otp: firstCode })).status).toBe(400);
    }
    expect((await post('/verify', { email, otp: secondCode })).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits code requests and checks per client IP', async () => {
    const { post } = client();
    for (let request = 0; request < IP_LIMIT; request += 1) {
      expect((await post('/verify', { email: newEmail(), otp: '123456' })).status).toBe(400);
    }
    const limited = await post('/login', { email: newEmail() });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    expect((await client().post('/login', { email: newEmail() })).status).toBe(200);
  });

  it('limits codes sent to one address whoever asks', async () => {
    const email = newEmail();
    for (let request = 0; request < EMAIL_LIMIT; request += 1) {
      await client().post('/login', { email });
      await allowResend(email);
    }
    const limited = await client().post('/login', { email });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('TOO_MANY_REQUESTS');
    expect(smtp.messagesTo(email)).toHaveLength(EMAIL_LIMIT);
  });
});

describe('refresh tokens', () => {
  it('rotates on every refresh', async () => {
    const session = await client().signIn(newEmail());

    const refreshed = await client().post('/refresh', { refreshToken: session.refreshToken });
    expect(refreshed.status).toBe(200);
    const { tokens } = refreshed.body.data;
    expect(tokens.refreshToken).not.toBe(session.refreshToken);
    expect((await t.request('GET', '/api/auth/me', { token: tokens.accessToken })).status).toBe(200);

    expect((await client().post('/refresh', { refreshToken: tokens.refreshToken })).status).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const session = await client().signIn(newEmail());
    const rotated = await client().post('/refresh', { refreshToken: session.refreshToken });
    const current = rotated.body.data.tokens.refreshToken;

    const replay = await client().post('/refresh', { refreshToken: session.refreshToken });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({
      success: false,
      error: 'Invalid refresh token',
      code: 'INVALID_REFRESH_TOKEN',
    });
    expect((await client().post('/refresh', { refreshToken: current })).status).toBe(401);
  });

  it('keeps other sessions of the same user when one family is revoked', async () => {
    const email = newEmail();
    const phone = await client().signIn(email);
    await allowResend(email);
    const laptop = await client().signIn(email);

    await client().post('/refresh', { refreshToken: phone.refreshToken });
    await client().post('/refresh', { refreshToken: phone.refreshToken });
    expect((await client().post('/refresh', { refreshToken: laptop.refreshToken })).status).toBe(200);
  });

  it('revokes the presented token on logout', async () => {
    const session = await client().signIn(newEmail());
    const loggedOut = await client().post('/logout', { refreshToken: session.refreshToken });
    expect(loggedOut.status).toBe(200);
    expect(loggedOut.body).toEqual({ success: true, data: { message: 'Logged out' } });
    expect((await client().post('/refresh', { refreshToken: session.refreshToken })).status).toBe(401);
  });

  it('rejects unknown and missing tokens', async () => {
    expect((await client().post('/refresh', { refreshToken: 'not-a-token' })).status).toBe(401);
    const missing = await client().post('/refresh', {});
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual({ refreshToken: 'Refresh token is required' });
  });
});

// OWASP ASVS 3.5.2: what the API takes as credentials are tokens of one sign-in, which expire; no
// fixed key stands in for them. (Rotation, reuse and expiry are the tests above and below.)
describe('session tokens', () => {
  it('are made for each sign-in, the access token for 15 minutes; no fixed secret or the other token is taken for one', async () => {
    const email = newEmail();
    const phone = await client().signIn(email);
    await allowResend(email);
    const laptop = await client().signIn(email);
    expect(laptop.refreshToken).not.toBe(phone.refreshToken);

    const claims = JSON.parse(Buffer.from(phone.accessToken.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ sub: phone.user._id, iss: 'carmarket' });
    expect(claims.exp - claims.iat).toBe(15 * 60);
    const me = await t.request('GET', '/api/auth/me', { token: phone.accessToken });
    expect(me.body.data.user).toMatchObject({ _id: phone.user._id, email });

    for (const notAnAccessToken of [TEST_JWT_SECRET, phone.refreshToken]) {
      const refused = await t.request('GET', '/api/auth/me', { token: notAnAccessToken });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ success: false, code: 'INVALID_TOKEN' });
    }
    for (const notARefreshToken of [TEST_JWT_SECRET, laptop.accessToken]) {
      expect((await client().post('/refresh', { refreshToken: notARefreshToken })).status).toBe(401);
    }
    // The refresh token still works: nothing above was taken as it.
    expect((await client().post('/refresh', { refreshToken: laptop.refreshToken })).status).toBe(200);
  });
});

describe('GET /api/auth/me', () => {
  // Tokens made by another library (jose) for a real user: only the token itself can be refused.
  let userId: string;
  beforeAll(async () => {
    userId = (await client().signIn(newEmail())).user._id;
  });
  const signedWith = (header: { alg: string }, key: Uint8Array, expiresIn = '15m', issuer = 'carmarket') =>
    new SignJWT({})
      .setProtectedHeader(header)
      .setSubject(userId)
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(key);

  it('answers the user for a valid HS256 token of theirs', async () => {
    const res = await t.request('GET', '/api/auth/me', {
      token: await signedWith({ alg: 'HS256' }, secretKey),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user._id).toBe(userId);
  });

  it.each([
    ['no token', async () => undefined],
    ['a malformed token', async () => 'not.a.jwt'],
    ['an expired token', () => signedWith({ alg: 'HS256' }, secretKey, '-1s')],
    ['a token signed with another algorithm', () => signedWith({ alg: 'HS512' }, secretKey)],
    [
      'a token signed with another secret',
      () => signedWith({ alg: 'HS256' }, new TextEncoder().encode('x'.repeat(48))),
    ],
    ['a token from another issuer', () => signedWith({ alg: 'HS256' }, secretKey, '15m', 'elsewhere')],
    [
      'an unsigned token',
      async () => {
        const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
        return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: userId, iss: 'carmarket' })}.`;
      },
    ],
  ])('answers 401 for %s', async (_label, makeToken) => {
    const res = await t.request('GET', '/api/auth/me', { token: await makeToken() });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: expect.any(String), code: expect.any(String) });
  });
});

describe('PUT /api/auth/profile', () => {
  it('stores the profile and returns the user', async () => {
    const session = await client().signIn(newEmail());
    const profile = {
      name: 'Jane Driver',
      phone: '512-555-0100',
      city: 'Austin',
      state: 'tx',
      emailNewListings: true,
      emailSavedSearches: false,
    };

    const saved = await t.request('PUT', '/api/auth/profile', { token: session.accessToken, json: profile });
    expect(saved.status).toBe(200);
    expect(saved.body.data.user).toMatchObject({ ...profile, state: 'TX', email: session.user.email });

    const me = await t.request('GET', '/api/auth/me', { token: session.accessToken });
    expect(me.body.data.user).toMatchObject({ ...profile, state: 'TX' });
  });

  it('rejects invalid fields with their messages and stores nothing', async () => {
    const session = await client().signIn(newEmail());
    const invalid = await t.request('PUT', '/api/auth/profile', {
      token: session.accessToken,
      json: { name: 'Jane', phone: '5125550100', city: 'Austin', state: 'Texas' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      details: { phone: 'Phone format: 123-456-7890', state: 'Use 2-letter state code' },
    });

    const me = await t.request('GET', '/api/auth/me', { token: session.accessToken });
    expect(me.body.data.user).toMatchObject({ name: null, phone: null, state: null });
  });

  it('requires a signed-in user', async () => {
    const res = await t.request('PUT', '/api/auth/profile', { json: { name: 'Nobody' } });
    expect(res.status).toBe(401);
  });
});

describe('input validation', () => {
  it.each([
    ['an invalid email', { email: 'not-an-email' }, { email: 'Invalid email' }],
    ['a missing email', {}, { email: 'Email is required' }],
    ['an email of the wrong type', { email: 42 }, { email: 'Email is required' }],
  ])('rejects %s with the schema message', async (_label, body, details) => {
    const res = await client().post('/register', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      error: Object.values(details)[0],
      code: 'VALIDATION_ERROR',
      details,
    });
  });

  it('rejects a code that is not 6 digits', async () => {
    const res = await client().post('/verify', { email: newEmail(), otp: '12ab' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ otp: 'Code must be 6 digits' });
  });
});

describe('when mail cannot be sent', () => {
  let offline: TestApp;

  beforeAll(async () => {
    // A port that was free a moment ago: connections to it are refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    offline = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, allowServerErrors: true });
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => offline?.close());

  it('answers 503 and lets the user retry at once', async () => {
    const email = newEmail();
    const failed = await offline.request('POST', '/api/auth/register', { json: { email } });
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({
      success: false,
      error: 'Could not send the email, please try again',
      code: 'MAIL_NOT_SENT',
    });
    expect((await offline.request('POST', '/api/auth/register', { json: { email } })).status).toBe(503);
  });
});
