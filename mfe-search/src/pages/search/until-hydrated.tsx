import { useHydrated } from '@carmarket/shared';
import type { ReactNode } from 'react';
import styled from 'styled-components';

// A fieldset only for its `disabled`: no frame, no spacing, no width of its own.
const Controls = styled.fieldset`
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

/**
 * The page's form controls, disabled while React hydrates the server's markup (useHydrated): a
 * click or a keystroke before their handlers are attached would be lost. Links work throughout.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  return <Controls disabled={!useHydrated()}>{children}</Controls>;
}
