import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Moves the focus to the new screen's heading when the route changes, as a page load would: a
 * screen reader announces the screen, and Tab goes on from its content instead of from wherever
 * the previous screen left the focus (a sidebar link, a form's save button that is gone).
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const heading = document.querySelector<HTMLElement>('main .page-title');
      (heading ?? document.querySelector<HTMLElement>('main'))?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
