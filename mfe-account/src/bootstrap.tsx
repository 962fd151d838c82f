import { routePatterns } from '@carmarket/shared';
import { Navigate, Route } from '@carmarket/shared/router';
import { StandaloneApp } from '@carmarket/shared/standalone';
import { createRoot } from 'react-dom/client';
import DashboardPage from './exposes/dashboard-page';
import ProfilePage from './exposes/profile-page';
import FavoritesPage from './exposes/favorites-page';
import ModerationPage from './exposes/moderation-page';

// Standalone development only (`npm run dev` here): the providers the shell gives the page in the site.
createRoot(document.getElementById('root')!).render(
  <StandaloneApp>
    <Route path={routePatterns.dashboard} element={<DashboardPage />} />
    <Route path={routePatterns.profile} element={<ProfilePage />} />
    <Route path={routePatterns.favorites} element={<FavoritesPage />} />
    <Route path={routePatterns.moderation} element={<ModerationPage />} />
    <Route path="*" element={<Navigate to={routePatterns.dashboard} replace />} />
  </StandaloneApp>,
);
