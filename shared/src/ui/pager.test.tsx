/**
 * @jest-environment jsdom
 */
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { Pager } from './pager.js';
import { lightTheme } from './theme.js';

const renderThemed = (ui: ReactElement) => render(<ThemeProvider theme={lightTheme}>{ui}</ThemeProvider>);

describe('Pager', () => {
  it('is a named navigation that moves one page back or forward', () => {
    const onPage = jest.fn();
    renderThemed(<Pager page={2} pages={3} onPage={onPage} label="My Listings pages" />);
    const nav = screen.getByRole('navigation', { name: 'My Listings pages' });
    expect(nav.textContent).toContain('Page 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it('keeps its end buttons focusable but inert at the first and last page', () => {
    const onPage = jest.fn();
    const { rerender } = renderThemed(<Pager page={1} pages={2} onPage={onPage} label="Pages" />);
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    expect(previous.hasAttribute('disabled')).toBe(false);
    fireEvent.click(previous);

    rerender(
      <ThemeProvider theme={lightTheme}>
        <Pager page={2} pages={2} onPage={onPage} label="Pages" />
      </ThemeProvider>,
    );
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    fireEvent.click(next);
    expect(onPage).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(next);
  });

  it.each([0, 1])('shows nothing with %i page(s)', (pages) => {
    const { container } = renderThemed(<Pager page={1} pages={pages} onPage={jest.fn()} label="Pages" />);
    expect(container.innerHTML).toBe('');
  });
});
