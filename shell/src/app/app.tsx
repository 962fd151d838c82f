import { applyTheme, useTheme } from '@carmarket/shared';
import { darkTheme, GlobalStyle, lightTheme } from '@carmarket/shared/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from '@carmarket/shared/router';
import { ThemeProvider } from 'styled-components';
import { queryClient } from './query-client';
import { router } from './router';

/** The providers every page and every remote renders inside: one QueryClient, one theme, one router. */
export function App() {
  const { theme } = useTheme();

  // index.html applies the stored theme before first paint; this keeps <html> right if that script
  // could not run (e.g. blocked by a content security policy).
  useEffect(() => applyTheme(theme), [theme]);

  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme === 'dark' ? darkTheme : lightTheme}>
        <GlobalStyle />
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
