import type { ReactNode } from 'react';

/** A wide table that may scroll sideways on small screens: a named region keyboard users can scroll. */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="wallet-table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
