import type { ReactNode } from 'react';
import './scroll-region.css';

/** A wide table that may scroll sideways on small screens: a named region keyboard users can scroll. */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="scroll-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
