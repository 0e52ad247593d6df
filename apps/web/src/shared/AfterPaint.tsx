import { Suspense, startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` only once the browser has painted what came before them, with `fallback`
 * until then (and while their lazily loaded code arrives). A screen's heading and the dashboard's
 * frame paint first, from the little JavaScript they need; the heavy widgets (antd's tables,
 * pickers, menus and dialogs) ask for their code after that paint, not before it, so a phone on
 * a slow link shows the screen's heading without waiting for them (issue 24).
 */
export function AfterPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const painted = usePainted();
  return painted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}

/** False on the first render; true once the frame that first render made has been painted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs before the paint; the task it queues runs after it.
    const frame = requestAnimationFrame(() => {
      // A transition, so that what renders now (the widgets) renders in slices, not one task.
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
