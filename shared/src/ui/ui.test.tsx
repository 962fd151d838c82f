/**
 * @jest-environment jsdom
 */
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { Button } from './button.js';
import { CheckboxField, SelectField, TextAreaField, TextField } from './fields.js';
import { GlobalStyle } from './global-style.js';
import { PlaceFields } from './place-fields.js';
import { EmptyState, ErrorState, Skeleton, Spinner, SupportRequestId, Thumbnail } from './primitives.js';
import { darkTheme, lightTheme } from './theme.js';

const renderThemed = (ui: ReactElement, theme = lightTheme) =>
  render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

describe('fields', () => {
  it('TextField ties the label to the input and announces the error', () => {
    renderThemed(
      <TextField label="Email" name="email" error="Invalid email" hint="We send a code" required />,
    );
    const input = screen.getByLabelText(/Email/);
    expect(input.tagName).toBe('INPUT');
    expect(input).toHaveProperty('name', 'email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.hasAttribute('required')).toBe(false);
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['We send a code', 'Invalid email']);
  });

  it('TextField without an error is not marked invalid and describes nothing', () => {
    renderThemed(<TextField label="City" />);
    const input = screen.getByLabelText('City');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('PlaceFields asks for city, state and ZIP code, each registered by name with its error', () => {
    renderThemed(
      <PlaceFields
        register={(name) => ({ name })}
        errors={{ zipCode: { message: 'ZIP code must be 5 digits' } }}
      />,
    );
    const fields = ['City', 'State', 'ZIP code'].map((label) =>
      screen.getByLabelText(new RegExp(`^${label}`)),
    );
    expect(fields.map((field) => field.getAttribute('name'))).toEqual(['city', 'state', 'zipCode']);
    expect(fields.map((field) => field.getAttribute('autocomplete'))).toEqual([
      'address-level2',
      'address-level1',
      'postal-code',
    ]);
    expect(fields.every((field) => field.getAttribute('aria-required') === 'true')).toBe(true);
    expect(fields.map((field) => field.getAttribute('aria-invalid'))).toEqual([null, null, 'true']);
    expect(screen.getByText('ZIP code must be 5 digits')).toBeTruthy();
  });

  it('gives two fields with the same label distinct ids', () => {
    renderThemed(
      <>
        <TextField label="Phone" />
        <TextField label="Phone" />
      </>,
    );
    const [first, second] = screen.getAllByLabelText('Phone');
    expect(first?.id).toBeTruthy();
    expect(first?.id).not.toBe(second?.id);
  });

  it('passes the ref through (react-hook-form register)', () => {
    let element: HTMLTextAreaElement | null = null;
    renderThemed(<TextAreaField label="Description" ref={(node) => void (element = node)} />);
    expect(element).toBe(screen.getByLabelText('Description'));
  });

  it('SelectField renders a placeholder and the options, and reports the error', () => {
    const onChange = jest.fn();
    renderThemed(
      <SelectField
        label="Body type"
        placeholder="Select body type"
        options={[
          { value: 'sedan', label: 'Sedan' },
          { value: 'suv', label: 'SUV' },
        ]}
        error="Body type is required"
        defaultValue=""
        onChange={onChange}
      />,
    );
    const select = screen.getByLabelText('Body type') as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Select body type'],
      ['sedan', 'Sedan'],
      ['suv', 'SUV'],
    ]);
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Body type is required').id).toBe(select.getAttribute('aria-describedby'));
    fireEvent.change(select, { target: { value: 'suv' } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('CheckboxField is labelled and toggles', () => {
    renderThemed(<CheckboxField label="Email me about new listings" defaultChecked={false} />);
    const checkbox = screen.getByRole('checkbox', {
      name: 'Email me about new listings',
    }) as HTMLInputElement;
    fireEvent.click(checkbox);
    expect(checkbox.checked).toBe(true);
  });
});

describe('Button', () => {
  it('is a button that reacts to clicks, unless disabled', () => {
    const onClick = jest.fn();
    renderThemed(
      <>
        <Button onClick={onClick}>Next</Button>
        <Button onClick={onClick} disabled $variant="danger">
          Delete
        </Button>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('renders as another element through `as`, keeping its props', () => {
    renderThemed(
      <Button as="a" href="/search" $variant="secondary">
        Browse Cars
      </Button>,
    );
    expect(screen.getByRole('link', { name: 'Browse Cars' }).getAttribute('href')).toBe('/search');
  });

  it('does not leak transient props to the DOM', () => {
    renderThemed(
      <Button $variant="ghost" $size="lg" $fullWidth>
        Go
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Go' });
    expect([...button.attributes].map((attribute) => attribute.name)).toEqual(['class']);
  });
});

describe('Thumbnail', () => {
  it('shows the photo, or says the photo is still processing instead of loading a file not made yet', () => {
    const { container, rerender } = renderThemed(<Thumbnail src="/uploads/photos/ab/ab-thumb.webp" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/uploads/photos/ab/ab-thumb.webp');
    rerender(
      <ThemeProvider theme={lightTheme}>
        <Thumbnail src="/uploads/photos/ab/ab-thumb.webp" processing />
      </ThemeProvider>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('Processing…');
  });
});

describe('feedback', () => {
  it('ErrorState is an alert with its texts and a Retry button', () => {
    const onRetry = jest.fn();
    renderThemed(<ErrorState message="Unable to load listings. Please try again." onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(alert.textContent).toContain('Unable to load listings. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("ErrorState shows the failed request's id for support, selectable in one piece", () => {
    renderThemed(<ErrorState message="Please try again." requestId="8d0c6e0e-5c1f-4b39-9a43-0d6b1f2f7a11" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Request ID for support: 8d0c6e0e-5c1f-4b39-9a43-0d6b1f2f7a11');
    expect(alert.querySelector('code')?.textContent).toBe('8d0c6e0e-5c1f-4b39-9a43-0d6b1f2f7a11');
  });

  it("SupportRequestId names the request in a form's error alert, and nothing without an id", () => {
    const { container } = renderThemed(
      <div role="alert">
        <SupportRequestId requestId="req-7f3a" />
        <SupportRequestId requestId={undefined} />
      </div>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Request ID for support: req-7f3a');
    expect(container.querySelectorAll('code')).toHaveLength(1);
  });

  it('ErrorState without onRetry has no button', () => {
    renderThemed(<ErrorState title="Listing not found" />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('EmptyState shows its title, message and action', () => {
    renderThemed(
      <EmptyState
        title="No cars found"
        message="Try other filters."
        action={<Button>Clear Filters</Button>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No cars found' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeTruthy();
  });

  it('Spinner announces loading; Skeleton is hidden from assistive tech', () => {
    renderThemed(
      <>
        <Spinner label="Loading listing..." />
        <Skeleton data-testid="skeleton" $height="200px" />
      </>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading listing...');
    expect(screen.getByTestId('skeleton').getAttribute('aria-hidden')).toBe('true');
  });
});

describe('GlobalStyle', () => {
  it('injects the theme colours and a focus-visible outline', () => {
    renderThemed(<GlobalStyle />, darkTheme);
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toContain(darkTheme.colors.background);
    expect(css).toContain(':focus-visible');
    expect(css).toContain('prefers-reduced-motion');
  });
});
