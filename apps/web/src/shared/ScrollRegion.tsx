import type { ReactNode } from 'react';
import './scroll-region.css';

/**
 * A table that may be wider than its card or dialog scrolls inside this region, which the
 * keyboard can reach (focus, then the arrow keys) even when the table holds nothing focusable.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={className ?? 'scroll-region'}
      style={{ maxWidth: '100%', overflowX: 'auto' }}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
