import { setSessionExpiredHandler, startRealtime } from '@carmarket/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';
import { registerRemotesOnce } from './remotes/remote-loader';

// Read /remotes.json while the first page renders; a failure is retried by the first remote mount.
registerRemotesOnce().catch(() => undefined);

// A session that cannot be refreshed ends on the sign-in page, which then returns to where the user was.
setSessionExpiredHandler(() => {
  void router.navigate('/login', { replace: true, state: { from: router.state.location } });
});
startRealtime();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
