import { createBrowserRouter } from '@carmarket/shared/router';
import { routeTable } from './route-table';

export const router = createBrowserRouter(routeTable);
