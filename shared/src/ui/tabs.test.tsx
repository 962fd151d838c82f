/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
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
});
