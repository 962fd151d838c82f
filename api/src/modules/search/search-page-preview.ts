import { formatMileage, formatPrice, formatVehicleName } from '@carmarket/shared/format';
import { routes } from '@carmarket/shared/contracts';
import { parseSearchQuery } from '@carmarket/shared/schemas';
import type { FastifyRequest } from 'fastify';
import { escapeHtml, type PagePreview } from '../listings/open-graph.js';
import type { SearchService } from './search.service.js';

/**
 * For GET /search: a title naming what is searched ('Honda Civic for sale'), and the first page of
 * results (title, price, miles, place, link) as a plain first view for clients that run no
 * JavaScript and for crawlers; null for any other page. The query is read the way the search page
 * reads it, so the list matches what the page then shows.
 */
export function searchPagePreview(service: SearchService) {
  return async (request: FastifyRequest): Promise<PagePreview | null> => {
    const [pathname = '', queryString = ''] = request.url.split('?');
    if (pathname.replace(/\/$/, '') !== routes.search) return null;
    const query = parseSearchQuery(new URLSearchParams(queryString));
    const { data, pagination } = await service.searchListings(query, null);
    const what = [query.make, query.model].filter(Boolean).join(' ') || 'Used cars';
    const items = data.map((listing) => {
      const { address } = listing.vehicle.location;
      const facts = `${formatMileage(listing.vehicle.mileage)} · ${address.city}, ${address.state}`;
      return (
        `<li><a href="${escapeHtml(routes.listing(listing._id))}">${escapeHtml(formatVehicleName(listing.vehicle))}</a>` +
        ` ${formatPrice(listing.price.amount)} · ${escapeHtml(facts)}</li>`
      );
    });
    return {
      title: `${what} for sale — CarMarket`,
      description: `${what} for sale on CarMarket: ${pagination.total} affordable cars from private sellers and dealers.`,
      url: new URL(request.url, `${request.protocol}://${request.host}`).href,
      image: null,
      noscriptHtml: `<main><h1>${escapeHtml(what)} for sale</h1><p>${pagination.total} cars found</p><ul>${items.join('')}</ul></main>`,
    };
  };
}
