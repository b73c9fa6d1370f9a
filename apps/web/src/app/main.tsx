import '../styles.css';
import './theme/fonts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { exchangeUrlToken } from '../features/auth';
import { notifyError } from '../lib/notify';
import { initShellMode } from '../lib/shell-mode';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createRouter } from './router';
import { ThemeGate } from './theme/theme-gate';

/**
 * Start-up: the shell's query parameters first (embedded, kiosk, centre), then a `token` parameter is exchanged for
 * the session cookie before anything asks who is logged in, then the app renders.
 */
async function start() {
  initShellMode();
  const tokenFailure = await exchangeUrlToken();

  const queryClient = createQueryClient();
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
