import { applyTheme, useTheme } from '@carmarket/shared';
import { darkTheme, GlobalStyle, lightTheme } from '@carmarket/shared/ui';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';

/**
 * The providers every page and every remote renders inside: one QueryClient, one theme. The browser
 * puts its router inside (App), the server render its static router (server.tsx).
 */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  const { theme } = useTheme();

  // index.html applies the stored theme before first paint; this keeps <html> right if that script
  // could not run (e.g. blocked by a content security policy).
  useEffect(() => applyTheme(theme), [theme]);

  return (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme === 'dark' ? darkTheme : lightTheme}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </QueryClientProvider>
  );
}
