import type { ReactNode } from 'react';

/** A 20 px outline icon drawn in the text colour, beside words that name it (hidden from screen readers). */
export function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
