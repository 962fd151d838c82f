import { useHydrated, useTheme } from '@carmarket/shared';
import styled from 'styled-components';
import { LineIcon } from './line-icon';

const Toggle = styled.button`
  display: inline-grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

const Sun = () => (
  <LineIcon>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </LineIcon>
);

const Moon = () => (
  <LineIcon>
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
  </LineIcon>
);

/** Switches between the dark (default) and light theme; the name says which one it switches to. */
export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  // Server-rendered: disabled until its handler is attached (useHydrated).
  const hydrated = useHydrated();
  return (
    <Toggle type="button" aria-label={`Switch to ${next} theme`} disabled={!hydrated} onClick={toggleTheme}>
      {theme === 'dark' ? <Sun /> : <Moon />}
    </Toggle>
  );
}
