import { routePatterns } from '@carmarket/shared';
import { Route } from '@carmarket/shared/router';
import { StandaloneApp } from '@carmarket/shared/standalone';
import { createRoot } from 'react-dom/client';
import ListingDetailPage from './exposes/listing-detail-page';

// Standalone development only (`npm run dev` here): the providers the shell gives the page in the site.
createRoot(document.getElementById('root')!).render(
  <StandaloneApp>
    <Route path={routePatterns.listing} element={<ListingDetailPage />} />
  </StandaloneApp>,
);
