import { useEffect } from 'react';

const APP_NAME = 'Clínica Estética';

/**
 * Names the browser tab after the screen ("Categorías · Clínica Estética"): a screen reader
 * announces it, and a receptionist with several tabs open tells them apart.
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}
