import { routes } from '@carmarket/shared/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NotFoundError } from '../../http/errors.js';
import type { ListingFreshness } from './listing-freshness.js';
import type { ListingsRepository } from './listings.repository.js';

/** The sitemap protocol's limit of URLs per file; past it /sitemap.xml is an index of pages. */
export const SITEMAP_MAX_URLS = 50_000;

// Client routes a crawler should not index: accounts, forms, messages.
const PRIVATE_PATHS = [
  '/dashboard',
  '/profile',
  '/favorites',
  '/moderation',
  '/create-listing',
  '/edit-listing/',
  '/messages',
  '/login',
  '/register',
  '/verify',
];

const pageParamsSchema = z.object({ page: z.coerce.number().int().min(1) });

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

function urlset(entries: { loc: string; lastmod?: Date }[]): string {
  const urls = entries.map(
    ({ loc, lastmod }) =>
      `<url><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
}

/**
 * What search engines read: /robots.txt (the public pages, the sitemap) and /sitemap.xml with every
 * listing in search (active, not expired); past `pageSize` URLs it becomes an index of
 * /sitemap-<n>.xml pages.
 */
export const crawlerRoutes: FastifyPluginAsync<{
  repository: ListingsRepository;
  freshness: ListingFreshness;
  pageSize?: number;
}> = async (app, { repository, freshness, pageSize = SITEMAP_MAX_URLS }) => {
  const listingPage = async (origin: string, page: number) => {
    const rows = await repository.listingsInSearchForSitemap(
      freshness.renewedAfter(),
      (page - 1) * pageSize,
      pageSize,
    );
    return rows.map(({ id, updatedAt }) => ({ loc: `${origin}${routes.listing(id)}`, lastmod: updatedAt }));
  };
  const staticPages = (origin: string) =>
    [routes.home, routes.search].map((path) => ({ loc: `${origin}${path}` }));

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      `Sitemap: ${originOf(request)}/sitemap.xml`,
    ];
    return reply.type('text/plain; charset=utf-8').send(`${lines.join('\n')}\n`);
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = originOf(request);
    const total = await repository.countInSearch(freshness.renewedAfter());
    reply.type('application/xml; charset=utf-8');
    if (total <= pageSize)
      return reply.send(urlset([...staticPages(origin), ...(await listingPage(origin, 1))]));
    const pages = Math.ceil(total / pageSize);
    const sitemaps = Array.from(
      { length: pages },
      (_, index) => `<sitemap><loc>${origin}/sitemap-${index + 1}.xml</loc></sitemap>`,
    );
    return reply.send(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${sitemaps.join('')}</sitemapindex>\n`,
    );
  });

  app.get('/sitemap-:page.xml', { schema: { hide: true } }, async (request, reply) => {
    const parsed = pageParamsSchema.safeParse(request.params);
    if (!parsed.success) throw new NotFoundError('Not found');
    const origin = originOf(request);
    const entries = await listingPage(origin, parsed.data.page);
    if (entries.length === 0) throw new NotFoundError('Not found');
    const withStatic = parsed.data.page === 1 ? [...staticPages(origin), ...entries] : entries;
    return reply.type('application/xml; charset=utf-8').send(urlset(withStatic));
  });
};
