import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../../config/env.js';
import { registerErrorHandler } from '../../http/error-handler.js';
import { registerSecurity } from '../../http/security.js';
import { InlineScripts } from '../../site/inline-scripts.js';
import { registerSite } from '../../site/site.js';
import { BUCKET_COOKIE, RemoteRegistry, type RemotesManifest } from './remote-registry.js';
import { registryPaths, RemotesService } from './remotes.service.js';

/** An mf-manifest.json; `sharedRange` is the @carmarket/shared version the build accepts. */
const manifest = (name: string, buildVersion = '0.1.0', sharedRange = '^1.0.0') =>
  JSON.stringify({
    name,
    metaData: { publicPath: 'auto', pluginVersion: '2.9.2', buildInfo: { buildVersion } },
    shared: [{ name: '@carmarket/shared', version: sharedRange.slice(1), requiredVersion: sharedRange }],
  });

describe('the deploy registry', () => {
  let workDir: string;
  let registryDir: string;
  let cdn: Server;
  let cdnOrigin: string;
  let app: FastifyInstance;
  let site: string;
  let service: RemotesService;

  /** A dist folder of a remote build, as webpack writes it. */
  async function dist(name: string, remoteName = 'mfe_search', sharedRange?: string) {
    const dir = path.join(workDir, name);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'mf-manifest.json'), manifest(remoteName, undefined, sharedRange));
    await writeFile(path.join(dir, 'remoteEntry.js'), `/* ${name} */`);
    return dir;
  }

  async function remotesJson(bucket?: number) {
    const response = await fetch(`${site}/remotes.json`, {
      headers: bucket === undefined ? {} : { cookie: `${BUCKET_COOKIE}=${bucket}` },
    });
    const { remotes } = (await response.json()) as RemotesManifest;
    return { response, search: remotes.find(({ name }) => name === 'mfe_search') };
  }

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'carmarket-registry-'));
    registryDir = path.join(workDir, 'registry');
    await dist('mfe-search/dist');
    // The built shell: what the site provides to remotes.
    await dist('shell/dist', 'shell');
    // A remote hosted on another origin, as a CDN would serve it.
    cdn = createServer((request, response) => {
      if (request.url === '/search/2.0.0/mf-manifest.json') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(manifest('mfe_search', '2.0.0'));
      } else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    cdnOrigin = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;

    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'x'.repeat(32),
      STATIC_ROOT: workDir,
      REMOTE_REGISTRY_DIR: registryDir,
    });
    const registry = new RemoteRegistry(registryPaths(registryDir).file, { recheckMs: 0 });
    app = Fastify();
    registerErrorHandler(app);
    const inlineScripts = new InlineScripts(path.join(workDir, 'shell', 'dist'));
    await registerSecurity(app, config, registry, inlineScripts);
    await registerSite(app, config, registry, inlineScripts);
    await app.listen({ host: '127.0.0.1', port: 0 });
    site = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    service = RemotesService.forConfig(config);
  });

  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => cdn.close(resolve));
    await rm(workDir, { recursive: true, force: true });
  });

  it('serves every remote from its built-in build before anything is published', async () => {
    const { response, search } = await remotesJson();
    expect(search).toEqual({
      name: 'mfe_search',
      entry: '/remotes/search/mf-manifest.json',
      version: 'built-in',
    });
    // A first visit gets its canary bucket.
    expect(response.headers.get('set-cookie')).toMatch(new RegExp(`^${BUCKET_COOKIE}=\\d+; Path=/;`));
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('lets a shell on another origin load remote files', async () => {
    const response = await fetch(`${site}/remotes/search/mf-manifest.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('publishes a dist folder: copied into the registry, served, and live', async () => {
    await service.publish('search', await dist('build-1.4.0'), { by: 'ana', version: '1.4.0' });
    const { search } = await remotesJson();
    expect(search).toMatchObject({
      entry: '/remotes/releases/search/1.4.0/mf-manifest.json',
      version: '1.4.0',
    });
    const file = await fetch(`${site}/remotes/releases/search/1.4.0/remoteEntry.js`);
    expect(await file.text()).toBe('/* build-1.4.0 */');
    expect(file.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('publishes a URL on another origin, takes its version from the manifest, and allows that origin in the CSP', async () => {
    const csp = async () => (await fetch(`${site}/search`)).headers.get('content-security-policy');
    expect(await csp()).not.toContain(cdnOrigin);
    await service.publish('search', `${cdnOrigin}/search/2.0.0/`, { by: 'ben' });
    const { search } = await remotesJson();
    expect(search).toMatchObject({ entry: `${cdnOrigin}/search/2.0.0/mf-manifest.json`, version: '2.0.0' });
    expect(await csp()).toMatch(new RegExp(`script-src 'self' ${cdnOrigin}[;]`));
    expect(await csp()).toMatch(new RegExp(`connect-src [^;]*${cdnOrigin}`));
  });

  it('refuses a build of another remote, an unreachable URL, a reused version and a build the site cannot run, changing nothing', async () => {
    const before = await readFile(registryPaths(registryDir).file, 'utf8');
    await expect(
      service.publish('search', await dist('listings-build', 'mfe_listings'), {
        by: 'ana',
        version: '3.0.0',
      }),
    ).rejects.toMatchObject({ code: 'WRONG_REMOTE', message: 'That build is mfe_listings, not mfe_search' });
    await expect(service.publish('search', `${cdnOrigin}/nothing/`, { by: 'ana' })).rejects.toMatchObject({
      code: 'MANIFEST_UNREACHABLE',
    });
    await expect(
      service.publish('search', await dist('other-1.4.0'), { by: 'ana', version: '1.4.0' }),
    ).rejects.toMatchObject({
      code: 'VERSION_EXISTS',
    });
    await expect(
      service.publish('search', await dist('newer-contract', 'mfe_search', '^1.1.0'), {
        by: 'ana',
        version: '4.0.0',
      }),
    ).rejects.toMatchObject({
      code: 'INCOMPATIBLE_REMOTE',
      message:
        'search 4.0.0 cannot run in this site: it needs @carmarket/shared ^1.1.0, the site provides 1.0.0',
    });
    expect(await readFile(registryPaths(registryDir).file, 'utf8')).toBe(before);
    expect(existsSync(path.join(registryPaths(registryDir).releasesDir, 'search', '3.0.0'))).toBe(false);
  });

  it('switches with use and goes back with rollback, down to the built-in build', async () => {
    await service.use('search', '1.4.0', 'cleo');
    expect((await remotesJson()).search?.version).toBe('1.4.0');
    await expect(service.use('search', '9.9.9', 'cleo')).rejects.toMatchObject({ code: 'RELEASE_NOT_FOUND' });

    expect(await service.rollback('search', 'cleo')).toBe('2.0.0');
    expect((await remotesJson()).search?.version).toBe('2.0.0');
    expect(await service.rollback('search', 'cleo')).toBe('1.4.0');
    expect(await service.rollback('search', 'cleo')).toBe('built-in');
    expect((await remotesJson()).search?.entry).toBe('/remotes/search/mf-manifest.json');
    await expect(service.rollback('search', 'cleo')).rejects.toMatchObject({ code: 'NOTHING_TO_ROLL_BACK' });
  });

  it('serves a canary to the browsers whose bucket is below its percent, until it is stopped', async () => {
    await service.canary('search', '2.0.0', 50, 'dan');
    expect((await remotesJson(10)).search?.version).toBe('2.0.0');
    expect((await remotesJson(49)).search?.version).toBe('2.0.0');
    expect((await remotesJson(50)).search?.version).toBe('built-in');
    // A known browser keeps its bucket: no new cookie.
    expect((await remotesJson(90)).response.headers.get('set-cookie')).toBeNull();
    await expect(service.canary('search', '2.0.0', 100, 'dan')).rejects.toMatchObject({
      code: 'INVALID_PERCENT',
    });

    await service.stopCanary('search', 'dan');
    expect((await remotesJson(10)).search?.version).toBe('built-in');
  });

  it('keeps the history of who switched what, when', async () => {
    const history = await service.history('search');
    expect(history.map(({ by, action, version, from }) => [by, action, version, from])).toEqual([
      ['ana', 'publish', '1.4.0', 'built-in'],
      ['ben', 'publish', '2.0.0', '1.4.0'],
      ['cleo', 'use', '1.4.0', '2.0.0'],
      ['cleo', 'rollback', '2.0.0', '1.4.0'],
      ['cleo', 'rollback', '1.4.0', '2.0.0'],
      ['cleo', 'rollback', 'built-in', '1.4.0'],
      ['dan', 'canary', '2.0.0', 'built-in'],
      ['dan', 'canary-stop', '2.0.0', 'built-in'],
    ]);
    expect(history[6]?.percent).toBe(50);
    expect(Date.parse(history[0]?.at ?? '')).toBeLessThanOrEqual(Date.now());
    expect(await service.history('listings')).toEqual([]);
  });
});
