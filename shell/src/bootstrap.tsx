import { readStoredTheme, startRealtime, useSessionStore } from '@carmarket/shared';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { serverState } from './app/server-state';
import { registerRemotesOnce } from './remotes/remote-loader';

// Read /remotes.json while the first page renders; a failure is retried by the first remote mount.
registerRemotesOnce().catch(() => undefined);

startRealtime();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The server renders a guest's page in the default theme. This browser's first render is the same
// markup only then: a signed-in user or another theme renders the page anew over it instead of
// hydrating, which would mismatch.
if (serverState?.theme === readStoredTheme() && !useSessionStore.getState().user) {
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
