/**
 * @jest-environment jsdom
 */
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { Tabs } from './tabs.js';
import { lightTheme } from './theme.js';

const renderTabs = () =>
  render(
    <ThemeProvider theme={lightTheme}>
      <Tabs
        label="Dashboard"
        items={[
          { label: 'My Listings', content: <p>Listings panel</p> },
          { label: 'My Favorites', content: <p>Favorites panel</p> },
          { label: 'Photos', content: <p>Photos panel</p> },
        ]}
      />
    </ThemeProvider>,
  );

const selected = () => screen.getByRole('tab', { selected: true });

describe('Tabs', () => {
  it('shows the first panel, labelled by its tab, with one tab stop', () => {
    renderTabs();
    expect(screen.getByRole('tablist', { name: 'Dashboard' })).toBeTruthy();
    const panel = screen.getByRole('tabpanel', { name: 'My Listings' });
    expect(panel.textContent).toBe('Listings panel');
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    expect(selected().getAttribute('aria-controls')).toBe(panel.id);
  });

  it('opens a tab on click', () => {
    renderTabs();
    fireEvent.click(screen.getByRole('tab', { name: 'My Favorites' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Favorites panel');
  });

  it('moves with the arrow keys (wrapping), Home and End, taking focus along', () => {
    renderTabs();
    const list = screen.getByRole('tablist');
    const press = (key: string) => fireEvent.keyDown(list, { key });

    press('ArrowRight');
    expect(selected().textContent).toBe('My Favorites');
    expect(document.activeElement).toBe(selected());
    press('End');
    expect(selected().textContent).toBe('Photos');
    press('ArrowRight');
    expect(selected().textContent).toBe('My Listings');
    press('ArrowLeft');
    expect(selected().textContent).toBe('Photos');
    press('Home');
    expect(selected().textContent).toBe('My Listings');
    expect(screen.getByRole('tabpanel').textContent).toBe('Listings panel');
  });

  it('follows the selection its caller keeps, reporting clicks and keys instead of keeping its own', () => {
    const onSelect = jest.fn<(index: number) => void>();
    // The caller (e.g. the URL) opens the tab a moment later, as a navigation does.
    function Kept() {
      const [index, setIndex] = useState(1);
      return (
        <Tabs
          label="Dashboard"
          selected={index}
          onSelect={(next) => {
            onSelect(next);
            setIndex(next);
          }}
          items={[
            { label: 'My Listings', content: <p>Listings panel</p> },
            { label: 'My Favorites', content: <p>Favorites panel</p> },
          ]}
        />
      );
    }
    const { rerender } = render(
      <ThemeProvider theme={lightTheme}>
        <Kept />
      </ThemeProvider>,
    );
    expect(selected().textContent).toBe('My Favorites');
    expect(screen.getByRole('tabpanel').textContent).toBe('Favorites panel');

    fireEvent.keyDown(screen.getByRole('tablist'), { key: 'ArrowRight' });
    expect(onSelect).toHaveBeenLastCalledWith(0);
    expect(selected().textContent).toBe('My Listings');
    expect(document.activeElement).toBe(selected());
    fireEvent.click(screen.getByRole('tab', { name: 'My Favorites' }));
    expect(onSelect).toHaveBeenLastCalledWith(1);
    expect(screen.getByRole('tabpanel').textContent).toBe('Favorites panel');

    // A selection that does not change with the click stays where the caller keeps it.
    rerender(
      <ThemeProvider theme={lightTheme}>
        <Tabs
          label="Fixed"
          selected={0}
          onSelect={onSelect}
          items={[
            { label: 'One', content: <p>One panel</p> },
            { label: 'Two', content: <p>Two panel</p> },
          ]}
        />
      </ThemeProvider>,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Two' }));
    expect(onSelect).toHaveBeenLastCalledWith(1);
    expect(screen.getByRole('tabpanel').textContent).toBe('One panel');
  });
});
