import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REMOTE_SHORT_NAMES } from '@carmarket/shared/contracts';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './env.js';

let cwd: string;

beforeEach(async () => {
  cwd = await mkdtemp(path.join(tmpdir(), 'carmarket-env-'));
});

afterEach(() => rm(cwd, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(32) }, cwd);
    expect(config).toMatchObject({
      nodeEnv: 'development',
      host: '0.0.0.0',
      port: 3000,
      dataDir: path.join(cwd, 'data'),
      database: { driver: 'pglite', dataDir: path.join(cwd, 'data', 'db') },
      uploadDir: path.join(cwd, 'data', 'uploads'),
      redisUrl: undefined,
      smtpUrl: undefined,
      remoteOverrides: {},
      remoteRegistryDir: path.join(cwd, 'data', 'remotes'),
      corsOrigins: [],
      trustProxy: false,
    });
    expect(path.join(config.staticRoot, 'api')).toBe(path.resolve(import.meta.dirname, '..', '..'));
  });

  it('uses PostgreSQL when DATABASE_URL is set, and reads the overrides', () => {
    const config = loadConfig(
      {
        JWT_SECRET: 'x'.repeat(32),
        DATABASE_URL: 'postgres://db.internal/carmarket',
        REMOTE_SEARCH_URL: 'http://localhost:3001/mf-manifest.json',
        REMOTE_ACCOUNT_URL: '/remotes/account-v2/mf-manifest.json',
        CORS_ORIGINS: 'http://localhost:3000, http://localhost:3001',
        AUTH_RATE_LIMIT_IP_MAX: '3',
        PORT: '4000',
      },
      cwd,
    );
    expect(config.database).toEqual({ driver: 'postgres', url: 'postgres://db.internal/carmarket' });
    expect(config.remoteOverrides).toEqual({
      search: 'http://localhost:3001/mf-manifest.json',
      account: '/remotes/account-v2/mf-manifest.json',
    });
    expect(config.corsOrigins).toEqual(['http://localhost:3000', 'http://localhost:3001']);
    expect(config.rateLimits.authPerIp.max).toBe(3);
    expect(config.port).toBe(4000);
  });

  it("keeps the spec's sign-in code lifetime and resend interval unless configured", () => {
    const secret = { JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret, cwd).authCodes).toEqual({ ttlMs: 10 * 60_000, resendIntervalMs: 60_000 });
    const configured = loadConfig(
      { ...secret, AUTH_CODE_TTL_MS: '120000', AUTH_CODE_RESEND_INTERVAL_MS: '1000' },
      cwd,
    );
    expect(configured.authCodes).toEqual({ ttlMs: 120_000, resendIntervalMs: 1000 });
    expect(() => loadConfig({ ...secret, AUTH_CODE_RESEND_INTERVAL_MS: '-5' }, cwd)).toThrow(
      /AUTH_CODE_RESEND_INTERVAL_MS: /,
    );
  });

  it('lists every invalid variable in one readable error', () => {
    const load = () =>
      loadConfig(
        { JWT_SECRET: 'short', PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'mail.example.com' },
        cwd,
      );
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/JWT_SECRET: must be at least 32 characters/);
    expect(load).toThrow(/PORT: /);
    expect(load).toThrow(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(load).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
  });

  it("keys the site's Redis data under carmarket unless REDIS_KEY_PREFIX says otherwise, and refuses a prefix with spaces", () => {
    const secret = { JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret, cwd).redisKeyPrefix).toBe('carmarket');
    expect(loadConfig({ ...secret, REDIS_KEY_PREFIX: 'staging:carmarket' }, cwd).redisKeyPrefix).toBe(
      'staging:carmarket',
    );
    expect(() => loadConfig({ ...secret, REDIS_KEY_PREFIX: 'my site' }, cwd)).toThrow(
      /REDIS_KEY_PREFIX: must be 1 to 64 letters, digits, or \. _ : -/,
    );
  });

  it('seeds demo data on start outside production unless SEED_ON_START says otherwise', () => {
    const secret = { JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret, cwd).seedOnStart).toBe(true);
    expect(loadConfig({ ...secret, NODE_ENV: 'production' }, cwd).seedOnStart).toBe(false);
    expect(loadConfig({ ...secret, SEED_ON_START: 'false' }, cwd).seedOnStart).toBe(false);
    expect(loadConfig({ ...secret, NODE_ENV: 'production', SEED_ON_START: 'true' }, cwd).seedOnStart).toBe(
      true,
    );
    expect(() => loadConfig({ ...secret, SEED_ON_START: 'no' }, cwd)).toThrow(
      /SEED_ON_START: must be true or false/,
    );
  });

  it('queries Nominatim by default; an empty GEOCODER_URL turns the street-map search off', () => {
    const secret = { JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret, cwd).geocoderUrl).toBe('https://nominatim.openstreetmap.org/search');
    expect(loadConfig({ ...secret, GEOCODER_URL: '' }, cwd).geocoderUrl).toBeUndefined();
    expect(() => loadConfig({ ...secret, GEOCODER_URL: 'nominatim' }, cwd)).toThrow(/GEOCODER_URL: /);
  });

  it('turns /metrics on with a METRICS_TOKEN of at least 16 characters', () => {
    const secret = { JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret, cwd).metricsToken).toBeUndefined();
    expect(loadConfig({ ...secret, METRICS_TOKEN: 'scrape-token-0123456' }, cwd).metricsToken).toBe(
      'scrape-token-0123456',
    );
    expect(() => loadConfig({ ...secret, METRICS_TOKEN: 'short' }, cwd)).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
  });

  it('encodes photos at the lowest CPU priority unless PHOTO_ENCODER_PRIORITY is normal', () => {
    const secret = { JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret, cwd).photoEncoderPriority).toBe('low');
    expect(loadConfig({ ...secret, PHOTO_ENCODER_PRIORITY: 'normal' }, cwd).photoEncoderPriority).toBe(
      'normal',
    );
    expect(() => loadConfig({ ...secret, PHOTO_ENCODER_PRIORITY: 'high' }, cwd)).toThrow(
      /PHOTO_ENCODER_PRIORITY: must be low or normal/,
    );
  });

  describe('S3 storage', () => {
    const s3 = {
      JWT_SECRET: 'x'.repeat(32),
      S3_BUCKET: 'photos',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };

    it('is off without S3_BUCKET', () => {
      expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }, cwd).s3).toBeUndefined();
    });

    it('addresses AWS S3 virtual-hosted by default', () => {
      expect(loadConfig(s3, cwd).s3).toEqual({
        endpoint: undefined,
        region: 'us-east-1',
        bucket: 'photos',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        publicUrl: 'https://photos.s3.us-east-1.amazonaws.com',
      });
    });

    it('addresses an S3-compatible endpoint path-style, unless a public URL is given', () => {
      const endpoint = { ...s3, S3_ENDPOINT: 'http://minio.internal:9000/', S3_REGION: 'eu-west-1' };
      expect(loadConfig(endpoint, cwd).s3).toMatchObject({
        endpoint: 'http://minio.internal:9000',
        region: 'eu-west-1',
        publicUrl: 'http://minio.internal:9000/photos',
      });
      const cdn = { ...endpoint, S3_PUBLIC_URL: 'https://cdn.example.com/' };
      expect(loadConfig(cdn, cwd).s3?.publicUrl).toBe('https://cdn.example.com');
    });

    it('requires both keys with a bucket', () => {
      const load = () => loadConfig({ JWT_SECRET: 'x'.repeat(32), S3_BUCKET: 'photos' }, cwd);
      expect(load).toThrow(/S3_ACCESS_KEY_ID: required with S3_BUCKET/);
      expect(load).toThrow(/S3_SECRET_ACCESS_KEY: required with S3_BUCKET/);
    });
  });

  it('starts the fuel cost from $3.25 a gallon unless FUEL_PRICE_PER_GALLON says otherwise, and refuses nonsense', () => {
    const secret = { JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret, cwd).fuelPricePerGallon).toBe(3.25);
    expect(loadConfig({ ...secret, FUEL_PRICE_PER_GALLON: '4.19' }, cwd).fuelPricePerGallon).toBe(4.19);
    for (const [value, message] of [
      ['cheap', 'must be a number'],
      ['0', 'must be more than 0'],
      ['-2', 'must be more than 0'],
      ['1000', 'must be at most 100'],
    ]) {
      expect(() => loadConfig({ ...secret, FUEL_PRICE_PER_GALLON: value }, cwd)).toThrow(
        `FUEL_PRICE_PER_GALLON: ${message}`,
      );
    }
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, cwd)).toThrow(/JWT_SECRET: required in production/);
  });

  it('generates a development secret once and keeps it in the data directory', async () => {
    const first = loadConfig({}, cwd).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(path.join(cwd, 'data', 'jwt-secret'), 'utf8')).trim()).toBe(first);
    expect(loadConfig({}, cwd).jwtSecret).toBe(first);
  });
});

describe("README's configuration table", () => {
  it('documents exactly the variables the server reads', async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const table = readme.split('\n## Configuration\n')[1]?.split('\n## ')[0] ?? '';
    const firstCells = [...table.matchAll(/^\| (.+?) \|/gm)].map(([, cell]) => cell ?? '');
    const documented = firstCells.flatMap((cell) =>
      [...cell.matchAll(/`([A-Z0-9_<>]+)`/g)].map(([, name]) => name),
    );
    const expanded = documented.flatMap((name) =>
      name === 'REMOTE_<SHORT>_URL'
        ? REMOTE_SHORT_NAMES.map((short) => `REMOTE_${short.toUpperCase()}_URL`)
        : [name],
    );
    expect(expanded.sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
