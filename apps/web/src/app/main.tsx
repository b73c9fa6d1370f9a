import '../styles.css';
import './theme/fonts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createRouter } from './router';
import { ThemeGate } from './theme/theme-gate';

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
