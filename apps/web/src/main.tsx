import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreen } from './app/router';
import { getSession } from './shared/session/store';
import { startPathOf } from './shared/session/hooks';
import { installSession } from './shared/session/renew';
import { PUBLIC_SCREENS } from './app/features';
import { matchPath } from 'react-router';

installSession();
const session = getSession();
if (session) {
  // A public screen sends a signed-in user to their start page (PublicOnly): go there before the
  // router starts, without loading the sign-in screen's code first.
  const path = window.location.pathname;
  if (PUBLIC_SCREENS.some((screen) => matchPath(screen.path, path))) {
    window.history.replaceState(window.history.state, '', startPathOf(session));
  }
  // The screen's chunks load in parallel, not one after another (see preloadScreen).
  preloadScreen(window.location.pathname);
}

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');
// A transition: React renders the first screen in slices of a few milliseconds, yielding to the
// browser between them, instead of in one long task (issue 24: a phone's total blocking time).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
