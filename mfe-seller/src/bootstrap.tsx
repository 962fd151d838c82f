import { routePatterns } from '@carmarket/shared';
import { Navigate, Route } from '@carmarket/shared/router';
import { StandaloneApp } from '@carmarket/shared/standalone';
import { createRoot } from 'react-dom/client';
import CreateListingPage from './exposes/create-listing-page';
import EditListingPage from './exposes/edit-listing-page';

// Standalone development only (`npm run dev` here): the providers the shell gives the page in the site.
createRoot(document.getElementById('root')!).render(
  <StandaloneApp>
    <Route path={routePatterns.createListing} element={<CreateListingPage />} />
    <Route path={routePatterns.editListing} element={<EditListingPage />} />
    <Route path="*" element={<Navigate to={routePatterns.createListing} replace />} />
  </StandaloneApp>,
);
