import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type AppConfig } from '../config/env.js';
import { buildApp } from '../http/app.js';
import { codeFrom, type SmtpCatcher } from './smtp-catcher.js';
import { createTestDatabase } from './test-database.js';

/** Starting an app includes creating and migrating a database: allow for a busy machine. */
export const STARTUP_TIMEOUT_MS = 60_000;

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

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
  /** Sent as is (e.g. malformed JSON), with the headers given. */
  body?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  baseUrl: string;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

/**
 * Starts the real server on a random local port over a database of its own (see
 * createTestDatabase). `env` adds or overrides environment variables.
 */
export async function startTestApp(
  options: { env?: Record<string, string>; smtp?: SmtpCatcher } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
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
        ...options.env,
      },
      dataDir,
    ),
    database: database.config,
  };

  const app = await buildApp(config);
  await app.database.migrate();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  return {
    app,
    config,
    baseUrl,
    async request(method, urlPath, { json, body, token, headers } = {}) {
      const response = await fetch(baseUrl + urlPath, {
        method,
        headers: {
          ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: json !== undefined ? JSON.stringify(json) : body,
      });
      const text = await response.text();
      let parsed: JsonBody;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      return { status: response.status, headers: response.headers, body: parsed, text };
    },
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SignedIn {
  user: JsonBody;
  accessToken: string;
  refreshToken: string;
}

/** Registers (or signs in) through the real flow: request a code, read it from the mail, verify. */
export async function signIn(
  testApp: TestApp,
  smtp: SmtpCatcher,
  email: string,
  headers?: Record<string, string>,
): Promise<SignedIn> {
  const before = smtp.messagesTo(email).length;
  const requested = await testApp.request('POST', '/api/auth/register', { json: { email }, headers });
  if (requested.status !== 200) throw new Error(`register ${email}: ${requested.status} ${requested.text}`);
  const code = codeFrom(await smtp.waitForMail(email, before + 1));
  const verified = await testApp.request('POST', '/api/auth/verify', { json: { email, otp: code }, headers });
  if (verified.status !== 200) throw new Error(`verify ${email}: ${verified.status} ${verified.text}`);
  const { user, tokens } = verified.body.data;
  return { user, ...tokens };
}
