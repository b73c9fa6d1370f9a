import '../styles.css';
import './theme/fonts';
import { resetPasswordPath } from '@app/contracts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { configureAreas } from '../features/account';
import { exchangeUrlToken } from '../features/auth';
import { clientQueryOptions } from '../features/tenancy';
import { notifyError } from '../lib/notify';
import { initShellMode } from '../lib/shell-mode';
import { seedBootState, takeBootState } from './boot-state';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { AppRoutes, createRoutes } from './router';
import { installPrefetchOnIntent } from './routing/prefetch';
import { ThemeGate } from './theme/theme-gate';

/**
 * Start-up: the shell's query parameters first (embedded, kiosk, centre); then the client, theme and logged-in
 * user the server wrote into the page go into the query cache (decision 086), so the first render waits on no API
 * call. A `token` parameter is exchanged for the session cookie before anything asks who is logged in. Whether
 * this is the account sub-domain (which decides the routes) comes from the client; without an answer the app is
 * on one origin.
 */
async function start() {
  initShellMode();
  const queryClient = createQueryClient();
  const exchangingToken = window.location.pathname !== resetPasswordPath && new URLSearchParams(window.location.search).has('token');
  seedBootState(queryClient, takeBootState(), { exchangingToken });
  const [tokenFailure, client] = await Promise.all([exchangeUrlToken(), queryClient.fetchQuery(clientQueryOptions()).catch(() => null)]);
  configureAreas(client);

  const routes = createRoutes();
  installPrefetchOnIntent(routes);
  const root = document.getElementById('root');
  if (!root) throw new Error('missing #root');

  // The first render as a transition: React renders it in slices of a few milliseconds, yielding to the browser in
  // between, rather than in one long task that blocks a phone's main thread for the whole tree (issue 12, decision 282).
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <ThemeGate>
            <BrowserRouter>
              <AppRoutes routes={routes} />
            </BrowserRouter>
          </ThemeGate>
        </AppProviders>
      </StrictMode>,
    ),
  );
  if (tokenFailure) notifyError(tokenFailure);
}

void start();
