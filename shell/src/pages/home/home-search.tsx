import { formatPrice, routes, toSearchQueryString, ZIP_PATTERN } from '@carmarket/shared';
import { Button, SelectField, TextField } from '@carmarket/shared/ui';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { useNavigate } from '@carmarket/shared/router';
import styled from 'styled-components';

/** Miles around the ZIP a home search looks, like the search page's first radius choice. */
export const HOME_RADIUS_MILES = 50;
const MAX_PRICES = [3000, 5000, 7500, 10000];
const ZIP_KEY = 'carmarket-home-zip';

/** The ZIP the visitor last searched near, remembered on this device for the "near you" row. */
function rememberedZip(): string | null {
  try {
    const zip = localStorage.getItem(ZIP_KEY);
    return zip && ZIP_PATTERN.test(zip) ? zip : null;
  } catch {
    return null;
  }
}

const noUpdates = () => () => {};

/**
 * The remembered ZIP. The server knows none, so a page it rendered is hydrated without one; React
 * then renders again, synchronously, only the parts whose value differs: the visitors who have one.
 */
export function useRememberedZip(): string | null {
  return useSyncExternalStore(noUpdates, rememberedZip, () => null);
}

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  align-items: end;
  gap: 0.75rem;
  max-width: 56rem;
  margin: 0 auto;
  padding: 1rem;
  text-align: left;
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

/**
 * The hero search: make, model, max price and ZIP, landing on /search with those filters (empty
 * ones left out). `makes` are the popular ones; any make can be typed; the ZIP starts as the one remembered.
 * A real GET form to /search, so a search sent before the page's code has loaded still lands there.
 */
export function HomeSearch({ makes }: { makes: string[] }) {
  const zip = useRememberedZip();
  const navigate = useNavigate();
  const [zipError, setZipError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const zipCode = text('zipCode');
    if (zipCode && !ZIP_PATTERN.test(zipCode)) {
      setZipError('ZIP code must be 5 digits');
      return;
    }
    const maxPrice = Number(text('maxPrice')) || undefined;
    try {
      if (zipCode) localStorage.setItem(ZIP_KEY, zipCode);
    } catch {
      // Private mode: the search still runs, the home page just does not remember the ZIP.
    }
    const query = toSearchQueryString({
      make: text('make') || undefined,
      model: text('model') || undefined,
      maxPrice,
      zipCode: zipCode || undefined,
      radius: zipCode ? HOME_RADIUS_MILES : undefined,
    });
    void navigate(`${routes.search}?${query}`);
  };

  return (
    <Form
      role="search"
      aria-label="Find a car"
      action={routes.search}
      method="get"
      onSubmit={submit}
      noValidate
    >
      <TextField label="Make" name="make" list="home-makes" autoComplete="off" placeholder="Any make" />
      <datalist id="home-makes">
        {makes.map((make) => (
          <option key={make} value={make} />
        ))}
      </datalist>
      <TextField label="Model" name="model" autoComplete="off" placeholder="Any model" />
      <SelectField
        label="Max price"
        name="maxPrice"
        placeholder="No max"
        options={MAX_PRICES.map((price) => ({ value: String(price), label: formatPrice(price) }))}
      />
      <TextField
        // A ZIP remembered is known only once hydrated: the field starts again with it.
        key={zip}
        label="ZIP code"
        name="zipCode"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        defaultValue={zip ?? ''}
        error={zipError}
        onChange={() => setZipError(undefined)}
      />
      <Button type="submit">Search cars</Button>
    </Form>
  );
}
