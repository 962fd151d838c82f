import { routePatterns } from '@carmarket/shared';
import { Navigate, Route } from '@carmarket/shared/router';
import { StandaloneApp } from '@carmarket/shared/standalone';
import { createRoot } from 'react-dom/client';
import MessagesPage from './exposes/messages-page';

// Standalone development only (`npm run dev` here): the providers the shell gives the page in the site.
createRoot(document.getElementById('root')!).render(
  <StandaloneApp>
    <Route path={routePatterns.messages} element={<MessagesPage />} />
    <Route path={routePatterns.conversation} element={<MessagesPage />} />
    <Route path="*" element={<Navigate to={routePatterns.messages} replace />} />
  </StandaloneApp>,
);
