import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/carousel/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { setUpApiClient } from './app/api-setup.ts';
import { createRouter, preloadOpenedAreas } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { getSession, restoreSession } from './lib/session.ts';

const start = async (): Promise<void> => {
  restoreSession();
  const router = createRouter();
  setUpApiClient(router);
  if (getSession()) preloadOpenedAreas(router);
  await initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
};

void start();
