import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from '@carmarket/shared/ui';
import { init } from '@module-federation/enhanced/runtime';

// In the site the shell's build creates the federation runtime; here the test does, before the
// loader registers its plugins on it.
init({ name: 'shell', remotes: [] });
const { RemoteBoundary } = await import('./remote-boundary');

let manifestReads = 0;
const server = setupServer(
  http.get('*/remotes.json', () => {
    manifestReads += 1;
    return new HttpResponse(null, { status: 503 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const renderPage = (page: ReactNode) => render(<ThemeProvider theme={lightTheme}>{page}</ThemeProvider>);

describe('RemoteBoundary', () => {
  it('shows the contained fallback when the remotes cannot be found, and Retry asks again', async () => {
    renderPage(
      <>
        <header>CarMarket</header>
        <RemoteBoundary id="mfe_search/SearchPage" />
      </>,
    );
    expect(await screen.findByRole('heading', { name: 'This section is unavailable' })).toBeTruthy();
    expect(screen.getByText('CarMarket')).toBeTruthy();
    const readsBefore = manifestReads;

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'This section is unavailable' })).toBeTruthy();
    expect(manifestReads).toBeGreaterThan(readsBefore);
  });
});
