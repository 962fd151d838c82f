import { routePatterns } from '@carmarket/shared';
import { Navigate, Route } from '@carmarket/shared/router';
import { StandaloneApp } from '@carmarket/shared/standalone';
import { createRoot } from 'react-dom/client';
import SearchPage from './exposes/search-page';

// Standalone development only (`npm run dev` here): the providers the shell gives the page in the site.
createRoot(document.getElementById('root')!).render(
  <StandaloneApp>
    <Route path={routePatterns.search} element={<SearchPage />} />
    <Route path="*" element={<Navigate to={routePatterns.search} replace />} />
  </StandaloneApp>,
);
