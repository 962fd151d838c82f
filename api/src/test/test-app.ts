import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type AppConfig, type DatabaseConfig } from '../config/env.js';
import { buildApp } from '../app.js';
import { createAccessTokens } from '../modules/auth/tokens.js';
import { toUserDto } from '../modules/users/user-dto.js';
import { UsersRepository } from '../modules/users/users.repository.js';
import { codeFrom, type SmtpCatcher } from './smtp-catcher.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/** Starting an app includes loading a database: allow for a busy machine. */
export const STARTUP_TIMEOUT_MS = 60_000;

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/**
 * The Redis key prefix of the apps and processes one test worker starts (its files share their
 * modules and run one after another): they are one site, and another worker's, or another test
 * run's on the same Redis, are not (a process of theirs dying must not be purged by one of ours).
 */
export const TEST_REDIS_KEY_PREFIX = `carmarket-test-${randomBytes(6).toString('hex')}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests check response bodies field by field
export type JsonBody = any;

export interface TestResponse {
  status: number;
  headers: Headers;
  body: JsonBody;
  text: string;
}

export interface RequestOptions {
  /** Sent as JSON with its content type. */
  json?: unknown;
  /** Sent as is (e.g. malformed JSON, a multipart body), with the headers given. */
  body?: string | Buffer;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** Only for an app started with `listen` (real sockets, real HTTP clients). */
  baseUrl: string;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

function testResponse(status: number, headers: Headers, text: string): TestResponse {
  let body: JsonBody;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status, headers, body, text };
}

/**
 * A start that failed (the database did not answer in time, say) closes what it had opened: an open
 * pool would keep the test run from ever exiting. Errors here would only hide the one that made it fail.
 */
async function releaseAfterFailedStart(
  app: FastifyInstance | undefined,
  database: TestDatabase,
  dataDir: string,
): Promise<void> {
  await app?.close().catch(() => undefined);
  await database.drop().catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * The real app over a database of its own (a copy of the migrated one, see createTestDatabase).
 * Requests go through Fastify's `inject`: the whole request pipeline without a socket. `listen`
 * opens a random local port instead, and requests then go over real HTTP (and socket.io clients can
 * connect).
 * `env` adds or overrides environment variables.
 */
export async function startTestApp(
  options: {
    env?: Record<string, string>;
    smtp?: SmtpCatcher;
    listen?: boolean;
    /** For tests of outages (a 503 on purpose): 5xx answers do not fail the file. */
    allowServerErrors?: boolean;
    /** A database the test made itself (and drops itself), instead of a fresh copy of the migrated one. */
    database?: DatabaseConfig;
    /** The clock listings expire by: a test moves it instead of waiting. */
    now?: () => Date;
  } = {},
): Promise<TestApp> {
  const database: TestDatabase = options.database
    ? { config: options.database, drop: async () => undefined }
    : await createTestDatabase(undefined, { migrated: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'carmarket-api-test-'));
  const config: AppConfig = {
    ...loadConfig(
      {
        NODE_ENV: 'test',
        JWT_SECRET: TEST_JWT_SECRET,
        DATA_DIR: dataDir,
        STATIC_ROOT: path.join(dataDir, 'no-site'),
        SMTP_URL: options.smtp?.url,
        // Tests never reach the public street-map service; geocoding tests start a local one.
        GEOCODER_URL: '',
        // At the lowest priority, a test waiting for its photos starves behind the tests beside it.
        PHOTO_ENCODER_PRIORITY: 'normal',
        // A guest's search and pages read every change made before them, as a test expects right after a write.
        SEARCH_GUEST_STALENESS_MS: '0',
        PAGE_GUEST_STALENESS_MS: '0',
        REDIS_KEY_PREFIX: TEST_REDIS_KEY_PREFIX,
        ...options.env,
      },
      dataDir,
    ),
    database: database.config,
  };

  const app = await buildApp(config, { now: options.now }).catch(async (error: unknown) => {
    await releaseAfterFailedStart(undefined, database, dataDir);
    throw error;
  });
  // A 5xx is a defect wherever a test meets it, even when the test looks at something else: the
  // app's close() fails the test file with the requests that got one.
  const serverErrors: string[] = [];
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500) serverErrors.push(`${request.method} ${request.url} → ${reply.statusCode}`);
  });
  let baseUrl = '';
  try {
    // Applies nothing on the migrated copy; migrates an empty database when there is no copy.
    await app.database.migrate();
    if (options.listen) {
      await app.listen({ host: '127.0.0.1', port: 0 });
      baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    } else {
      await app.ready();
    }
  } catch (error) {
    await releaseAfterFailedStart(app, database, dataDir);
    throw error;
  }

  return {
    app,
    config,
    baseUrl,
    async request(method, urlPath, { json, body, token, headers: extraHeaders } = {}) {
      const headers = {
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...extraHeaders,
      };
      const payload = json !== undefined ? JSON.stringify(json) : body;
      if (baseUrl) {
        const response = await fetch(baseUrl + urlPath, { method, headers, body: payload });
        return testResponse(response.status, response.headers, await response.text());
      }
      const response = await app.inject({ method: method as 'GET', url: urlPath, headers, payload });
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        for (const one of [value ?? []].flat()) responseHeaders.append(name, String(one));
      }
      return testResponse(response.statusCode, responseHeaders, response.body);
    },
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
      if (serverErrors.length > 0 && !options.allowServerErrors) {
        throw new Error(`The server answered 5xx during these tests:\n${serverErrors.join('\n')}`);
      }
    },
  };
}

export interface SignedIn {
  user: JsonBody;
  accessToken: string;
}

/**
 * A verified account, created as a completed sign-in creates it, with an access token signed by the
 * test secret: for tests about something else than signing in (auth.test.ts covers the mailed code).
 */
export async function signUp(testApp: TestApp, email: string): Promise<SignedIn> {
  const user = await new UsersRepository(testApp.app.database.db).upsertVerified(email);
  const accessToken = await createAccessTokens(testApp.config.jwtSecret).sign(user.id);
  return { user: toUserDto(user), accessToken };
}

/** Registers (or signs in) through the real flow: request a code, read it from the mail, verify. */
export async function signIn(
  testApp: TestApp,
  smtp: SmtpCatcher,
  email: string,
  headers?: Record<string, string>,
): Promise<SignedIn & { refreshToken: string }> {
  const before = smtp.messagesTo(email).length;
  const requested = await testApp.request('POST', '/api/auth/register', { json: { email }, headers });
  if (requested.status !== 200) throw new Error(`register ${email}: ${requested.status} ${requested.text}`);
  const code = codeFrom(await smtp.waitForMail(email, before + 1));
  const verified = await testApp.request('POST', '/api/auth/verify', { json: { email, otp: code }, headers });
  if (verified.status !== 200) throw new Error(`verify ${email}: ${verified.status} ${verified.text}`);
  const { user, tokens } = verified.body.data;
  return { user, ...tokens };
}
