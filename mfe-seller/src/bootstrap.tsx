import { createQueryClient, readStoredTheme, routePatterns } from '@carmarket/shared';
import { darkTheme, GlobalStyle, lightTheme } from '@carmarket/shared/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from '@carmarket/shared/router';
import { ThemeProvider } from 'styled-components';
import CreateListingPage from './exposes/create-listing-page';
import EditListingPage from './exposes/edit-listing-page';

// Standalone development only (`npm run dev` here): the providers the shell gives the page in the site.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider theme={readStoredTheme() === 'dark' ? darkTheme : lightTheme}>
        <GlobalStyle />
        <BrowserRouter>
          <Routes>
            <Route path={routePatterns.createListing} element={<CreateListingPage />} />
            <Route path={routePatterns.editListing} element={<EditListingPage />} />
            <Route path="*" element={<Navigate to={routePatterns.createListing} replace />} />
          </Routes>
        </BrowserRouter>
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);
