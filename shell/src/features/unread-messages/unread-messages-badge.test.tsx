import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { Conversation, Message, NewMessageEvent, User } from '@carmarket/shared';
import { lightTheme } from '@carmarket/shared/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ThemeProvider } from 'styled-components';

/** Stands in for socket.io-client's Socket: the test fires the server's events. */
class FakeSocket {
  auth: unknown;
  private handlers = new Map<string, Set<(arg: unknown) => void>>();
  connect() {}
  disconnect() {}
  emit() {}

  on(event: string, handler: (arg: unknown) => void) {
    this.handlers.set(event, (this.handlers.get(event) ?? new Set()).add(handler));
    return this;
  }

  off(event: string, handler: (arg: unknown) => void) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }

  fire(event: string, arg?: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(arg);
  }
}

let socket: FakeSocket;
jest.unstable_mockModule('socket.io-client', () => ({
  io: (options: { auth: unknown }) => {
    socket = new FakeSocket();
    socket.auth = options.auth;
    return socket;
  },
}));

const { createQueryClient, queryKeys, startRealtime, useSessionStore, whenSocketReady } =
  await import('@carmarket/shared');
const { BrowserRouter } = await import('@carmarket/shared/router');
const { default: UnreadMessagesBadge } = await import('./unread-messages-badge');

const me: User = {
  _id: 'me',
  email: 'me@example.com',
  name: 'Me',
  phone: null,
  city: null,
  state: null,
  emailNewListings: false,
  emailSavedSearches: false,
  role: 'private',
  createdAt: '2026-01-01T00:00:00.000Z',
  firstSignIn: false,
};

/** What GET /api/messages/unread-count answers; `held` keeps the answer back until released. */
let serverCount = 0;
let countReads = 0;
let held: Promise<void> | null = null;
const server = setupServer(
  http.get('*/api/messages/unread-count', async () => {
    countReads += 1;
    await held;
    return HttpResponse.json({ success: true, data: { unreadCount: serverCount } });
  }),
);

function newMessage(id: string, conversationId: string, to = me._id): NewMessageEvent {
  const message = {
    _id: id,
    conversationId,
    sender: { _id: to === me._id ? 'other' : me._id },
    recipient: { _id: to },
    content: 'Is it still available?',
    createdAt: new Date().toISOString(),
    read: false,
    readAt: null,
    listing: null,
    warnings: [],
  } satisfies Message;
  return { message, conversation: { conversationId } as Conversation };
}

let stopRealtime: () => void;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  serverCount = 0;
  countReads = 0;
  held = null;
  stopRealtime = startRealtime();
});
afterEach(() => {
  stopRealtime();
  useSessionStore.getState().logout();
  server.resetHandlers();
});
afterAll(() => server.close());

/** Signs in on `path` and renders the header's badge; resolves once the first count is shown. */
async function renderBadge(path: string) {
  window.history.replaceState(null, '', path);
  useSessionStore.getState().setAuth(me, { accessToken: 'a', refreshToken: 'r' });
  await whenSocketReady();
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={lightTheme}>
        <BrowserRouter>
          <UnreadMessagesBadge />
        </BrowserRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  // The first request also loads the http client (imported on first use), which can take a moment.
  await waitFor(() => expect(queryClient.getQueryData(queryKeys.messages.unreadCount())).toBeDefined(), {
    timeout: 5000,
  });
}

const badge = () => screen.queryByTestId('unread-badge');
/** Fires an event and waits for the count the server is asked for after it. */
async function fireAndRecount(event: string, arg: unknown) {
  const reads = countReads;
  act(() => socket.fire(event, arg));
  await waitFor(() => expect(countReads).toBe(reads + 1));
}

describe('UnreadMessagesBadge', () => {
  it("shows the server's count, and nothing at 0", async () => {
    serverCount = 3;
    await renderBadge('/dashboard');
    expect((await screen.findByTestId('unread-badge')).textContent).toBe('3 unread messages');
  });

  it('rises by 1 at once when a message to the user arrives, once however often its event comes', async () => {
    await renderBadge('/profile');
    expect(badge()).toBeNull();

    // The server's answer is held back: what shows meanwhile is the live count.
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    serverCount = 1;
    act(() => socket.fire('new-message', newMessage('m1', 'c1')));
    act(() => socket.fire('new-message', newMessage('m1', 'c1')));
    await waitFor(() => expect(badge()?.textContent).toBe('1 unread messages'));
    expect(countReads).toBe(2);
    release();
    await waitFor(() => expect(badge()?.textContent).toBe('1 unread messages'));
  });

  it("does not count the user's own messages, nor those of the conversation open on the page", async () => {
    await renderBadge('/messages/c1');
    act(() => socket.fire('new-message', newMessage('m1', 'c1')));
    act(() => socket.fire('new-message', newMessage('m2', 'c2', 'other')));
    expect(badge()).toBeNull();
    expect(countReads).toBe(1);

    serverCount = 1;
    await fireAndRecount('new-message', newMessage('m3', 'c2'));
    expect(badge()?.textContent).toBe('1 unread messages');
  });

  it("follows the server's count after the user reads, a message is deleted or the connection comes back", async () => {
    serverCount = 2;
    await renderBadge('/search');
    await screen.findByTestId('unread-badge');

    serverCount = 1;
    await fireAndRecount('message-read-receipt', { messageId: 'm1', readBy: me._id, readAt: '' });
    expect(badge()?.textContent).toBe('1 unread messages');

    serverCount = 0;
    await fireAndRecount('message-deleted', { messageId: 'm2', conversationId: 'c1' });
    await waitFor(() => expect(badge()).toBeNull());

    // A receipt for the other side's read does not change this user's count.
    act(() => socket.fire('message-read-receipt', { messageId: 'm3', readBy: 'other', readAt: '' }));
    expect(countReads).toBe(3);

    serverCount = 4;
    act(() => socket.fire('disconnect'));
    await fireAndRecount('connect', undefined);
    expect((await screen.findByTestId('unread-badge')).textContent).toBe('4 unread messages');
  });
});
