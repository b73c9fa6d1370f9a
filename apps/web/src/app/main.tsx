import '../styles.css';
import './theme/fonts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureAreas } from '../features/account';
import { exchangeUrlToken } from '../features/auth';
import { clientQueryOptions, themeQueryOptions } from '../features/tenancy';
import { notifyError } from '../lib/notify';
import { getSelectedVenue } from '../lib/selected-venue';
import { initShellMode } from '../lib/shell-mode';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createRouter } from './router';
import { ThemeGate } from './theme/theme-gate';

/**
 * Start-up: the shell's query parameters first (embedded, kiosk, centre), then a `token` parameter is exchanged for
 * the session cookie before anything asks who is logged in, while the client says whether this is the account
 * sub-domain (which decides the routes) and the theme loads; then the app renders. Without an answer the app is on
 * one origin.
 */
async function start() {
  initShellMode();
  const queryClient = createQueryClient();
  // The theme does not wait on the client: it starts loading now, and the ThemeGate finds it in the cache.
  void queryClient.prefetchQuery(themeQueryOptions(getSelectedVenue()));
  const [tokenFailure, client] = await Promise.all([exchangeUrlToken(), queryClient.fetchQuery(clientQueryOptions()).catch(() => null)]);
  configureAreas(client);

  const router = createRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('missing #root');

  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <ThemeGate>
          <RouterProvider router={router} />
        </ThemeGate>
      </AppProviders>
    </StrictMode>,
  );
  if (tokenFailure) notifyError(tokenFailure);
}

void start();
