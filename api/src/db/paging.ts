import type { PageRequest } from '@carmarket/shared/contracts';

/** How many rows come before the requested page. */
export const pageOffset = ({ page, limit }: PageRequest) => (page - 1) * limit;
