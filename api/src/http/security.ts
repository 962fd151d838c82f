import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config/env.js';

/** What the CSP needs from the deploy registry (modules/remotes): where remotes are served from. */
export interface RemoteOriginSource {
  refresh(): Promise<void>;
  remoteOrigins(): string[];
}

/** What the CSP needs from the site (site/inline-scripts.ts): the inline scripts it allows. */
export interface InlineScriptSource {
  refresh(): Promise<void>;
  sources(): string[];
}

/**
 * Security headers for the API and the site. The CSP allows the site's own scripts plus exactly the
 * origins the deploy registry serves remotes from (read per response, so a switch needs no
 * restart) and the two inline scripts the pages carry (by their hashes), inline styles (styled-components injects <style> tags), images from the site, data: and
 * blob: URLs (photo previews) and object storage, and connections to the site and its WebSocket.
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: AppConfig,
  registry: RemoteOriginSource,
  inlineScripts: InlineScriptSource,
): Promise<void> {
  // Fresh before the CSP is written: the registry and the script are read again at most once a second.
  app.addHook('onRequest', async () => {
    await Promise.all([registry.refresh(), inlineScripts.refresh()]);
  });
  const storageOrigins = config.s3 ? [new URL(config.s3.publicUrl).origin] : [];
  const middlewareFor = (remoteOrigins: string[], scriptSources: string[]) =>
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...remoteOrigins, ...scriptSources],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigins],
          connectSrc: ["'self'", 'ws:', 'wss:', ...remoteOrigins],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
          // The site may run on plain HTTP (local runs, tests behind a TLS-terminating proxy).
          upgradeInsecureRequests: null,
        },
      },
    });

  // Helmet's middleware is built once per set of sources, not per request (@fastify/helmet built it
  // for every request, a tenth of a cached listing read's CPU), and with every directive a plain
  // string, so helmet writes a header it made once; with sources given as functions it called and
  // validated them on every response (4 % of a guest listing read, docs/benchmarks.md).
  let current: { sources: string; write: ReturnType<typeof helmet> } | undefined;
  const securityHeaders = () => {
    const remoteOrigins = registry.remoteOrigins();
    const scriptSources = inlineScripts.sources();
    const sources = `${remoteOrigins.join(' ')};${scriptSources.join(' ')}`;
    if (current?.sources !== sources) {
      current = { sources, write: middlewareFor(remoteOrigins, scriptSources) };
    }
    return current.write;
  };
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders()(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  // Same-origin by default: the shell and the API are one site. CORS_ORIGINS opens it up.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, { origin: config.corsOrigins, credentials: false });
  }
}
