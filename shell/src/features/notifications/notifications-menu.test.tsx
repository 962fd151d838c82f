import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createQueryClient, type AppNotification } from '@carmarket/shared';
import { BrowserRouter, Route, Routes } from '@carmarket/shared/router';
import { lightTheme } from '@carmarket/shared/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ThemeProvider } from 'styled-components';
import NotificationsMenu from './notifications-menu';

const match: AppNotification = {
  _id: 'n1',
  kind: 'saved-search-match',
  payload: {
    savedSearchId: 's1',
    savedSearchName: 'Cheap Civics',
    listingId: 'l1',
    title: '2014 Honda Civic LX',
    priceAmount: 8500,
  },
  read: false,
  createdAt: new Date().toISOString(),
};
const drop: AppNotification = {
  _id: 'n2',
  kind: 'price-drop',
  payload: { listingId: 'l2', title: '2012 Toyota Corolla', fromAmount: 7000, toAmount: 6500 },
  read: true,
  createdAt: new Date().toISOString(),
};

let stored: AppNotification[] = [];
const server = setupServer(
  http.get('*/api/notifications', () =>
    HttpResponse.json({ success: true, data: stored, pagination: { total: stored.length } }),
  ),
  http.get('*/api/notifications/unread-count', () =>
    HttpResponse.json({ success: true, data: { unreadCount: stored.filter((n) => !n.read).length } }),
  ),
  http.post('*/api/notifications/:id/read', ({ params }) => {
    stored = stored.map((n) => (n._id === params.id ? { ...n, read: true } : n));
    return HttpResponse.json({ success: true, data: stored.find((n) => n._id === params.id) });
  }),
  http.post('*/api/notifications/read-all', () => {
    stored = stored.map((n) => ({ ...n, read: true }));
    return HttpResponse.json({ success: true, data: { markedRead: 1 } });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderMenu() {
  window.history.replaceState(null, '', '/');
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider theme={lightTheme}>
        <BrowserRouter>
          <NotificationsMenu />
          <Routes>
            <Route path="/" element={<h1>Home</h1>} />
            <Route path="/listing/:id" element={<h1>Listing</h1>} />
          </Routes>
        </BrowserRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

// The first request also loads the http client (imported on first use), which can take a moment.
const findBell = (name: string) => screen.findByRole('button', { name }, { timeout: 5000 });

describe('NotificationsMenu', () => {
  it('shows the unread count and lists saved-search matches and price drops as links', async () => {
    stored = [match, drop];
    renderMenu();
    const button = await findBell('Notifications 1 unread');
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('Unread: New for “Cheap Civics”: 2014 Honda Civic LX, $8,500'),
      expect.stringContaining('Price dropped $500 on 2012 Toyota Corolla: now $6,500'),
    ]);
    expect(links[1]!.getAttribute('href')).toBe('/listing/l2');
  });

  it('opening a notification marks it read, closes the menu and goes to the listing', async () => {
    stored = [match, drop];
    renderMenu();
    await userEvent.click(await findBell('Notifications 1 unread'));
    await userEvent.click(await screen.findByRole('link', { name: /Cheap Civics/ }));

    expect(await screen.findByRole('heading', { name: 'Listing' })).toBeTruthy();
    expect(window.location.pathname).toBe('/listing/l1');
    const button = await findBell('Notifications');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(stored.every((n) => n.read)).toBe(true);
  });

  it('marks everything read, and Escape closes the menu with focus back on its button', async () => {
    stored = [match, { ...drop, _id: 'n3', read: false }];
    renderMenu();
    const button = await findBell('Notifications 2 unread');
    await userEvent.click(button);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(button.textContent).toBe('Notifications'));
    expect(screen.queryByText(/Unread:/)).toBeNull();

    await userEvent.tab();
    expect(document.activeElement?.textContent).toContain('Cheap Civics');
    await userEvent.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('says so when there is nothing yet', async () => {
    stored = [];
    renderMenu();
    await userEvent.click(await findBell('Notifications'));
    expect(await screen.findByText(/No notifications yet/)).toBeTruthy();
  });
});
