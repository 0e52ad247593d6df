import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreen } from './app/router';
import { getSession } from './shared/session/store';
import { installSession } from './shared/session/renew';

installSession();
// Signed in: the screen's chunks load in parallel, not one after another (see preloadScreen).
if (getSession()) preloadScreen(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
