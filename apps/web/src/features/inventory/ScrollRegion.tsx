import type { ReactNode } from 'react';

/**
 * A table that may be wider than its card scrolls inside this region, which the keyboard can
 * reach (focus, then the arrow keys) even when the table holds nothing focusable.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="stock-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
