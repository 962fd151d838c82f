import { readStoredTheme, startRealtime, useSessionStore } from '@carmarket/shared';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { serverState } from './app/server-state';
import { registerRemotesOnce } from './remotes/remote-loader';

// Read /remotes.json while the first page renders; a failure is retried by the first remote mount.
registerRemotesOnce().catch(() => undefined);

startRealtime();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// Evaluating the libraries and the site's modules is one long task on a phone; the browser gets the
// main thread back between React DOM's evaluation (above) and the rest (the router, the query client,
// styled-components and the pages), and again before hydrating (Total Blocking Time, docs/benchmarks.md).
// 'eager': in this chunk, evaluated here, not fetched.
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
await nextTask();
const { App } = await import(/* webpackMode: "eager" */ './app/app');
await nextTask();

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The server renders a guest's page in the default theme. This browser's first render is the same
// markup only then: a signed-in user or another theme renders the page anew over it instead of
// hydrating, which would mismatch.
if (serverState?.theme === readStoredTheme() && !useSessionStore.getState().user) {
  // As a transition React hydrates in slices of a few milliseconds, yielding to the browser between
  // them, rather than in one long task; the server's markup is on screen meanwhile, and an input on a
  // part not yet hydrated hydrates that part first.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
