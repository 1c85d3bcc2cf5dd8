import type { ReactNode } from "react";

/**
 * A table that scrolls sideways inside its own box on a narrow screen: a
 * focusable region named by its section's heading, so keyboard users can scroll it too.
 */
export function ScrollBox({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className="table-scroll admin-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
