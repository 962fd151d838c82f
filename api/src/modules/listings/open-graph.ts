import { formatMileage, formatPrice, formatVehicleName, truncate } from '@carmarket/shared/format';
import type { FastifyRequest } from 'fastify';
import { isUuid } from '../../db/uuid.js';
import type { ListingsRepository } from './listings.repository.js';

const LISTING_PATH = /^\/listing\/([^/]+)\/?$/;
const DESCRIPTION_LENGTH = 160;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

export interface PagePreview {
  title: string;
  description: string;
  url: string;
  image: string | null;
}

/**
 * The shell's index.html with the page's title, description and Open Graph / Twitter tags, so a
 * shared link previews the car (link previewers do not run the single-page app).
 */
export function withPreview(html: string, preview: PagePreview): string {
  const title = escapeHtml(preview.title);
  const description = escapeHtml(preview.description);
  const tags = [
    ['og:type', 'website'],
    ['og:site_name', 'CarMarket'],
    ['og:title', preview.title],
    ['og:description', preview.description],
    ['og:url', preview.url],
    ...(preview.image ? [['og:image', preview.image]] : []),
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content!)}" />`)
    .concat(
      [
        ['twitter:card', preview.image ? 'summary_large_image' : 'summary'],
        ['twitter:title', preview.title],
        ['twitter:description', preview.description],
        ...(preview.image ? [['twitter:image', preview.image]] : []),
      ].map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content!)}" />`),
    )
    .join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

/**
 * For GET /listing/{id}: the listing's preview ('2012 Honda Civic — $7,400', mileage, place and
 * the start of the description, the primary photo), or null for any other page, an unknown id
 * or a draft. Reading it for a preview never counts a view.
 */
export function listingPagePreview(repository: ListingsRepository) {
  return async (request: FastifyRequest): Promise<PagePreview | null> => {
    const pathname = request.url.split('?')[0] ?? '';
    const id = LISTING_PATH.exec(pathname)?.[1];
    if (!id || !isUuid(id)) return null;
    const found = await repository.findById(id);
    if (!found || found.listing.status === 'draft') return null;
    const { listing } = found;
    const images = (await repository.imagesFor([id])).get(id) ?? [];
    const photo = images.find((image) => image.isPrimary) ?? images[0];
    const origin = `${request.protocol}://${request.host}`;
    const place = `${listing.city}, ${listing.state}`;
    return {
      title: `${formatVehicleName({ ...listing, trim: null })} — ${formatPrice(listing.priceAmount)}`,
      description: truncate(
        `${formatMileage(listing.mileage)} · ${place}. ${listing.description}`.trim(),
        DESCRIPTION_LENGTH,
      ),
      url: new URL(pathname, origin).href,
      image: photo ? new URL(photo.url, origin).href : null,
    };
  };
}
