import { SEARCH_PAGE_SIZE } from '@carmarket/shared/constants';
import type { PageRequest, Pagination } from '@carmarket/shared/contracts';
import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;

export const paginationQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a whole number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .default(1),
  limit: z.coerce
    .number({ error: 'Limit must be a whole number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be 1 or more')
    .max(MAX_PAGE_SIZE, `Limit must be at most ${MAX_PAGE_SIZE}`)
    .default(SEARCH_PAGE_SIZE),
});

/** A page past the last one is valid and empty; `pages` is 0 when nothing matches. */
export function paginate(total: number, { page, limit }: PageRequest): Pagination {
  const pages = Math.ceil(total / limit);
  return { total, page, pages, hasPrevPage: page > 1, hasNextPage: page < pages };
}

export const paginationSchema = z.object({
  total: z.number(),
  page: z.number(),
  pages: z.number(),
  hasPrevPage: z.boolean(),
  hasNextPage: z.boolean(),
});
