// @carmarket/shared/standalone: a remote's standalone development page (`npm run dev` in the remote),
// never part of a production build. It holds no state of its own and reaches the rest of the package
// only through its public entry points, so it adds no second copy of any shared singleton.
import { createQueryClient, readStoredTheme } from '@carmarket/shared';
import { BrowserRouter, Routes } from '@carmarket/shared/router';
import { darkTheme, GlobalStyle, lightTheme } from '@carmarket/shared/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';

/**
 * The providers the shell gives a remote's pages in the site (a QueryClient, the stored theme, global
 * styles, a browser router) around the remote's own routes: `children` are its `<Route>` elements.
 */
export function StandaloneApp({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [theme] = useState(() => (readStoredTheme() === 'dark' ? darkTheme : lightTheme));
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <BrowserRouter>
            <Routes>{children}</Routes>
          </BrowserRouter>
        </ThemeProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
