import type { Listing } from '@carmarket/shared/contracts';
import { formatMileage, formatPrice, formatVehicleName, truncate } from '@carmarket/shared/format';
import type { FastifyRequest } from 'fastify';
import type { ListingsService } from './listings.service.js';

const LISTING_PATH = /^\/listing\/([^/]+)\/?$/;
const DESCRIPTION_LENGTH = 160;

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

export interface PagePreview {
  title: string;
  description: string;
  /** The page's canonical address (also its og:url). */
  url: string;
  image: string | null;
  /** 410 for a sold listing, 404 for one that does not exist or is not public; 200 otherwise. */
  status?: 200 | 404 | 410;
  /** schema.org data for search engines, sent as JSON-LD. */
  structuredData?: object;
  /** What the page shows, as plain HTML for clients that run no JavaScript (and crawlers). */
  noscriptHtml?: string;
}

// JSON inside <script>: '<' escaped so no value can close the element.
const jsonLd = (data: object) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/**
 * The shell's index.html with the page's title, description, canonical link and Open Graph /
 * Twitter tags, so a shared link previews the car (link previewers do not run the single-page app),
 * its JSON-LD, and its content for clients without JavaScript.
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
    .concat(`<link rel="canonical" href="${escapeHtml(preview.url)}" />`)
    .concat(preview.structuredData ? [jsonLd(preview.structuredData)] : [])
    .join('\n    ');
  const root = '<div id="root"></div>';
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', () => `    ${tags}\n  </head>`)
    .replace(root, () =>
      preview.noscriptHtml ? `${root}<noscript>${preview.noscriptHtml}</noscript>` : root,
    );
}

/** schema.org Car with its Offer: what a search engine shows for the car and its price. */
function carStructuredData(listing: Listing, url: string, images: string[]): object {
  const { vehicle } = listing;
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: formatVehicleName(vehicle),
    description: listing.description || undefined,
    brand: { '@type': 'Brand', name: vehicle.make },
    model: vehicle.model,
    vehicleModelDate: String(vehicle.year),
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: vehicle.mileage, unitCode: 'SMI' },
    ...(vehicle.vin ? { vehicleIdentificationNumber: vehicle.vin } : {}),
    ...(images.length > 0 ? { image: images } : {}),
    url,
    offers: {
      '@type': 'Offer',
      price: listing.price.amount,
      priceCurrency: listing.price.currency,
      availability: `https://schema.org/${listing.status === 'sold' ? 'SoldOut' : 'InStock'}`,
      itemCondition: 'https://schema.org/UsedCondition',
      url,
    },
  };
}

/**
 * For GET /listing/{id}: the listing's preview ('2012 Honda Civic — $7,400', mileage, place and
 * the start of the description, the primary photo), its Car/Offer JSON-LD and a plain first view;
 * 410 once sold, 404 (a 'not found' preview) for an unknown id or a draft, and null for any other
 * page. The document's visitor is counted as a view of the listing (`notePageView`): the browser
 * starts from the page the server rendered and does not read the listing itself.
 */
export function listingPagePreview(listings: Pick<ListingsService, 'guestPage' | 'notePageView'>) {
  return async (request: FastifyRequest): Promise<PagePreview | null> => {
    const pathname = request.url.split('?')[0] ?? '';
    const id = LISTING_PATH.exec(pathname)?.[1];
    if (!id) return null;
    const origin = `${request.protocol}://${request.host}`;
    const url = new URL(pathname, origin).href;
    // The guests' kept copy (one statement when not kept): the server render of the page then finds
    // the listing there instead of reading it again.
    const listing = (await listings.guestPage(id))?.stored;
    if (!listing) {
      return {
        title: 'Listing not found — CarMarket',
        description: 'This listing does not exist or is no longer available.',
        url,
        image: null,
        status: 404,
      };
    }
    listings.notePageView(id, request.ip);
    const { vehicle } = listing;
    const { images } = vehicle;
    const photo = images.find((image) => image.isPrimary) ?? images[0];
    const { city, state } = vehicle.location.address;
    const place = `${city}, ${state}`;
    const name = formatVehicleName(vehicle);
    const price = formatPrice(listing.price.amount);
    const facts = `${formatMileage(vehicle.mileage)} · ${place}`;
    return {
      title: `${formatVehicleName({ ...vehicle, trim: null })} — ${price}`,
      description: truncate(`${facts}. ${listing.description}`.trim(), DESCRIPTION_LENGTH),
      url,
      image: photo ? new URL(photo.url, origin).href : null,
      status: listing.status === 'sold' ? 410 : 200,
      structuredData: carStructuredData(
        listing,
        url,
        images.map((image) => new URL(image.url, origin).href),
      ),
      noscriptHtml: [
        '<main>',
        `<h1>${escapeHtml(name)}</h1>`,
        `<p>${price}${listing.status === 'sold' ? ' · Sold' : ''}</p>`,
        `<p>${escapeHtml(facts)}</p>`,
        `<p>${escapeHtml(listing.description)}</p>`,
        '</main>',
      ].join(''),
    };
  };
}
