import type { ReactNode } from 'react';
import { ScrollRegion as Region } from '../../shared/ScrollRegion';

/** The inventory's tables scroll in a region whose cells stay on one line (`stock-scroll`). */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Region className="stock-scroll" label={label}>
      {children}
    </Region>
  );
}
