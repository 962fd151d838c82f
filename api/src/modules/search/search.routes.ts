import { DEFAULT_SORT, SORT_OPTIONS } from '@carmarket/shared/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginationQuerySchema } from '../../http/pagination.js';
import type { SearchService } from './search.service.js';

const searchQuerySchema = paginationQuerySchema.extend({
  sort: z.enum(SORT_OPTIONS, { error: 'Invalid sort option' }).default(DEFAULT_SORT),
});

export const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService }> = async (app, { service }) => {
  app.get(
    '',
    {
      schema: { tags: ['search'], summary: 'Search active listings', querystring: searchQuerySchema },
      preHandler: app.identifyUser,
    },
    async (req) => {
      const { sort, page, limit } = req.query;
      const { data, pagination, filters } = await service.searchListings(sort, { page, limit }, req.userId);
      return { success: true, data, pagination, filters };
    },
  );
};
