import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_FUEL_PRICE_PER_GALLON,
  LISTING_RENEWAL_DAYS,
  OTP_RESEND_INTERVAL_MS,
  OTP_TTL_MS,
} from '@carmarket/shared/constants';
import { REMOTE_SHORT_NAMES, type RemoteShortName } from '@carmarket/shared/contracts';
import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';

export type DatabaseConfig =
  | { driver: 'postgres'; url: string }
  /**
   * dataDir undefined keeps the whole database in memory (tests); loadFrom starts it from a dump of a
   * data directory (PGlite's dumpDataDir), which tests use to skip creating and migrating one; client
   * is an open PGlite that its owner lends (tests reuse one per worker) and closes itself.
   */
  | { driver: 'pglite'; dataDir: string | undefined; loadFrom?: string; client?: PGlite };

export interface RateLimitConfig {
  max: number;
  windowMs: number;
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Fastify's trustProxy: which proxies may set X-Forwarded-For (the client IP that rate limits use). */
  trustProxy: boolean | string;
  logLevel: string;
  dataDir: string;
  database: DatabaseConfig;
  redisUrl: string | undefined;
  /** Starts the Redis keys and channels of this site, so sites sharing one Redis stay apart. */
  redisKeyPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  uploadDir: string;
  /** Uploaded originals wait here, never served, until their photo's files are made. */
  photoOriginalsDir: string;
  s3: S3Config | undefined;
  /** Street-map search for addresses whose ZIP the offline dataset lacks; undefined: none. */
  geocoderUrl: string | undefined;
  /** Fill an empty database with demo listings when the server starts. */
  seedOnStart: boolean;
  staticRoot: string;
  remoteOverrides: Partial<Record<RemoteShortName, string>>;
  /** The deploy registry (which release of each remote is served) and the releases published into it. */
  remoteRegistryDir: string;
  corsOrigins: string[];
  rateLimits: {
    /** Every request, per client IP. */
    global: RateLimitConfig;
    /** Auth calls that send a code or check one, per client IP. */
    authPerIp: RateLimitConfig;
    /** Codes sent to one email address, whoever asks. */
    authPerEmail: RateLimitConfig;
  };
  /** One-time sign-in codes mailed by the auth module. */
  authCodes: AuthCodeConfig;
  /** The site's address as users reach it, for links in mail (listings, unsubscribe). */
  publicUrl: string;
  /** How often new listings are checked against saved searches; 0: never (tests run it themselves). */
  alertIntervalMs: number;
  /** The price of a gallon the listing page's yearly fuel cost starts from (the buyer may enter theirs). */
  fuelPricePerGallon: number;
  /** How long a listing stays in search after it was listed or last renewed (spec: 60 days). */
  listingRenewalPeriodMs: number;
  /** How old a view of the listings a guest's search may read (0: each reads the latest). */
  searchGuestStalenessMs: number;
  /** How long a server-rendered page is served again before it is rendered anew (0: every request). */
  pageGuestStalenessMs: number;
  /**
   * Age past which a photo file or kept original that no photo row names is removed (longer than
   * any upload takes); the sweep runs at start and every half of it.
   */
  photoOrphanAgeMs: number;
  /**
   * The CPU priority photo encoders run at: 'low' (the default) leaves the cores to the API's
   * requests; test runs use 'normal', where the tests beside an encode would starve it.
   */
  photoEncoderPriority: PhotoEncoderPriority;
  /** Bearer token that unlocks GET /metrics; undefined: the route is off. */
  metricsToken: string | undefined;
}

export type PhotoEncoderPriority = 'low' | 'normal';

export interface AuthCodeConfig {
  /** How long a mailed code can be used. */
  ttlMs: number;
  /** How soon after a code one address may be mailed another. */
  resendIntervalMs: number;
}

export interface S3Config {
  /** An S3-compatible server (MinIO, R2, …), addressed path-style; unset: AWS S3 itself. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers fetch the stored photos (a CDN, or the bucket's own URL). */
  publicUrl: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

// Two levels above this file: the repository root both from src/config (tsx, tests) and dist/config.
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  REDIS_URL: optionalString.pipe(
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
  ),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 letters, digits, or . _ : -')
    .default('carmarket'),
  SMTP_URL: optionalString.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.string().default('CarMarket <no-reply@carmarket.local>'),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  UPLOAD_DIR: optionalString,
  S3_ENDPOINT: optionalString,
  S3_REGION: optionalString,
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString,
  // An empty value turns the street-map search off.
  GEOCODER_URL: z.union([z.literal(''), z.url()]).default('https://nominatim.openstreetmap.org/search'),
  SEED_ON_START: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  STATIC_ROOT: optionalString,
  REMOTE_REGISTRY_DIR: optionalString,
  CORS_ORIGINS: optionalString,
  TRUST_PROXY: optionalString,
  ...Object.fromEntries(
    REMOTE_SHORT_NAMES.map((short) => [
      `REMOTE_${short.toUpperCase()}_URL`,
      // A full URL (another origin) or a path on this site.
      optionalString.pipe(
        z.union([z.url(), z.string().regex(/^\/[^/]/, 'must be a URL or a path starting with /')]).optional(),
      ),
    ]),
  ),
  RATE_LIMIT_MAX: positiveInt(600),
  RATE_LIMIT_WINDOW_MS: positiveInt(60_000),
  AUTH_RATE_LIMIT_IP_MAX: positiveInt(30),
  AUTH_RATE_LIMIT_IP_WINDOW_MS: positiveInt(15 * 60_000),
  AUTH_RATE_LIMIT_EMAIL_MAX: positiveInt(10),
  AUTH_RATE_LIMIT_EMAIL_WINDOW_MS: positiveInt(60 * 60_000),
  AUTH_CODE_TTL_MS: positiveInt(OTP_TTL_MS),
  AUTH_CODE_RESEND_INTERVAL_MS: positiveInt(OTP_RESEND_INTERVAL_MS),
  PUBLIC_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  ),
  SAVED_SEARCH_ALERT_INTERVAL_MS: z.coerce.number().int().min(0).default(3000),
  FUEL_PRICE_PER_GALLON: z.coerce
    .number({ error: 'must be a number' })
    .positive('must be more than 0')
    .max(100, 'must be at most 100')
    .default(DEFAULT_FUEL_PRICE_PER_GALLON),
  LISTING_RENEWAL_PERIOD_MS: positiveInt(LISTING_RENEWAL_DAYS * 24 * 60 * 60_000),
  SEARCH_GUEST_STALENESS_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  PAGE_GUEST_STALENESS_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  PHOTO_ORPHAN_AGE_MS: positiveInt(60 * 60_000),
  PHOTO_ENCODER_PRIORITY: z.enum(['low', 'normal'], { error: 'must be low or normal' }).default('low'),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
});

/** Every variable the server reads; README's configuration table documents each of them. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

type ParsedEnv = z.infer<typeof envSchema> &
  Record<`REMOTE_${Uppercase<RemoteShortName>}_URL`, string | undefined>;

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
}

/** Development keeps one generated secret per data directory so tokens survive restarts. */
function readOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  mkdirSync(dataDir, { recursive: true });
  try {
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}

const DEFAULT_S3_REGION = 'us-east-1';

/** S3 storage when S3_BUCKET is set; it then needs both keys. */
function parseS3(vars: ParsedEnv): S3Config | undefined {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = vars;
  if (!bucket) return undefined;
  if (!accessKeyId || !secretAccessKey) {
    const missing = Object.entries({ S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey })
      .filter(([, value]) => !value)
      .map(([name]) => `  ${name}: required with S3_BUCKET`);
    throw new ConfigError(`Invalid environment configuration:\n${missing.join('\n')}`);
  }
  const endpoint = vars.S3_ENDPOINT?.replace(/\/+$/, '');
  const region = vars.S3_REGION ?? DEFAULT_S3_REGION;
  const bucketUrl = endpoint ? `${endpoint}/${bucket}` : `https://${bucket}.s3.${region}.amazonaws.com`;
  const publicUrl = (vars.S3_PUBLIC_URL ?? bucketUrl).replace(/\/+$/, '');
  return { endpoint, region, bucket, accessKeyId, secretAccessKey, publicUrl };
}

/** 'true' trusts any proxy; otherwise the addresses and subnets of trusted proxies, comma-separated. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

/**
 * Reads and validates the environment. Throws a ConfigError listing every invalid variable.
 * Relative paths are resolved against `cwd`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(`Invalid environment configuration:\n${describeIssues(result.error)}`);
  }
  const vars = result.data as ParsedEnv;
  const dataDir = path.resolve(cwd, vars.DATA_DIR);

  if (!vars.JWT_SECRET && vars.NODE_ENV === 'production') {
    throw new ConfigError('Invalid environment configuration:\n  JWT_SECRET: required in production');
  }

  const remoteOverrides: AppConfig['remoteOverrides'] = {};
  for (const short of REMOTE_SHORT_NAMES) {
    const url = vars[`REMOTE_${short.toUpperCase() as Uppercase<RemoteShortName>}_URL`];
    if (url) remoteOverrides[short] = url;
  }

  return {
    nodeEnv: vars.NODE_ENV,
    host: vars.HOST,
    port: vars.PORT,
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
    logLevel: vars.LOG_LEVEL ?? (vars.NODE_ENV === 'test' ? 'silent' : 'info'),
    dataDir,
    database: vars.DATABASE_URL
      ? { driver: 'postgres', url: vars.DATABASE_URL }
      : { driver: 'pglite', dataDir: path.join(dataDir, 'db') },
    redisUrl: vars.REDIS_URL,
    redisKeyPrefix: vars.REDIS_KEY_PREFIX,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    jwtSecret: vars.JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
    uploadDir: vars.UPLOAD_DIR ? path.resolve(cwd, vars.UPLOAD_DIR) : path.join(dataDir, 'uploads'),
    photoOriginalsDir: path.join(dataDir, 'photo-originals'),
    s3: parseS3(vars),
    geocoderUrl: vars.GEOCODER_URL || undefined,
    // Demo data belongs on development machines, not in a production database.
    seedOnStart: (vars.SEED_ON_START ?? String(vars.NODE_ENV !== 'production')) === 'true',
    staticRoot: vars.STATIC_ROOT ? path.resolve(cwd, vars.STATIC_ROOT) : repositoryRoot,
    remoteOverrides,
    remoteRegistryDir: vars.REMOTE_REGISTRY_DIR
      ? path.resolve(cwd, vars.REMOTE_REGISTRY_DIR)
      : path.join(dataDir, 'remotes'),
    corsOrigins: vars.CORS_ORIGINS ? vars.CORS_ORIGINS.split(',').map((origin) => origin.trim()) : [],
    rateLimits: {
      global: { max: vars.RATE_LIMIT_MAX, windowMs: vars.RATE_LIMIT_WINDOW_MS },
      authPerIp: { max: vars.AUTH_RATE_LIMIT_IP_MAX, windowMs: vars.AUTH_RATE_LIMIT_IP_WINDOW_MS },
      authPerEmail: { max: vars.AUTH_RATE_LIMIT_EMAIL_MAX, windowMs: vars.AUTH_RATE_LIMIT_EMAIL_WINDOW_MS },
    },
    authCodes: { ttlMs: vars.AUTH_CODE_TTL_MS, resendIntervalMs: vars.AUTH_CODE_RESEND_INTERVAL_MS },
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    alertIntervalMs: vars.SAVED_SEARCH_ALERT_INTERVAL_MS,
    fuelPricePerGallon: vars.FUEL_PRICE_PER_GALLON,
    listingRenewalPeriodMs: vars.LISTING_RENEWAL_PERIOD_MS,
    searchGuestStalenessMs: vars.SEARCH_GUEST_STALENESS_MS,
    pageGuestStalenessMs: vars.PAGE_GUEST_STALENESS_MS,
    photoOrphanAgeMs: vars.PHOTO_ORPHAN_AGE_MS,
    photoEncoderPriority: vars.PHOTO_ENCODER_PRIORITY,
    metricsToken: vars.METRICS_TOKEN,
  };
}
