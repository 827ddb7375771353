import type { ReactNode } from 'react';

/** A standing note on a page (a feature that is off, a step to take first), not an outcome. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="notice" role="note">
      {children}
    </div>
  );
}
