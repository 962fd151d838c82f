import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createQueryClient, type DealRating } from '@carmarket/shared';
import type { DealRatingPreviewQuery } from '@carmarket/shared/schemas';
import { lightTheme } from '@carmarket/shared/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { DealRatingPreview } from './deal-rating-preview';

const car: Omit<DealRatingPreviewQuery, 'price'> = {
  make: 'Toyota',
  model: 'Tacoma',
  year: 2017,
  mileage: 70_000,
  condition: 'good',
  titleStatus: 'clean',
  zipCode: '78701',
};

/** The prices the server was asked about, in order; each answer waits for `release` when it is set. */
let asked: number[] = [];
let release: Promise<void> | undefined;

const rating = (price: number): DealRating => ({
  band: price < 16_000 ? 'great' : 'fair',
  notEnoughData: null,
  price,
  estimate: 18_000,
  range: { low: 17_000, high: 19_000 },
  comparableCount: 5,
  adjustedPrices: [16_000, 17_000, 18_000, 19_000, 20_000],
  reasons: [],
  comparablesSearch: {},
});

const server = setupServer(
  http.get('*/api/listings/deal-rating-preview', async ({ request }) => {
    const price = Number(new URL(request.url).searchParams.get('price'));
    asked.push(price);
    await release;
    return HttpResponse.json({ success: true, data: rating(price) });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  asked = [];
  release = undefined;
});
afterAll(() => server.close());

/** The editor's price field with the preview under it, as the Listing Details tab has them. */
function PriceWithPreview() {
  const [price, setPrice] = useState('18000');
  return (
    <>
      <label>
        Price
        <input value={price} onChange={(event) => setPrice(event.target.value)} />
      </label>
      <DealRatingPreview query={Number(price) > 0 ? { ...car, price: Number(price) } : null} />
    </>
  );
}

const renderPreview = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider theme={lightTheme}>
        <PriceWithPreview />
      </ThemeProvider>
    </QueryClientProvider>,
  );

// The first request also loads the http client (imported on first use), which can take a moment.
const findHeading = (name: string) => screen.findByRole('heading', { name }, { timeout: 5000 });

describe('DealRatingPreview', () => {
  it('asks about the price once the seller stops typing, and keeps the last answer shown meanwhile', async () => {
    renderPreview();
    await findHeading('Where your price lands Fair Price');
    expect(asked).toEqual([18_000]);

    let answer = () => {};
    release = new Promise((resolve) => (answer = resolve));
    const price = screen.getByLabelText('Price');
    await userEvent.clear(price);
    await userEvent.type(price, '14500');

    // Typed, not yet asked: the last answer is still the one on screen.
    expect(asked).toEqual([18_000]);
    screen.getByRole('heading', { name: 'Where your price lands Fair Price' });
    // One question for the whole price; the last answer stays while the new one is on its way.
    await waitFor(() => expect(asked).toEqual([18_000, 14_500]), { timeout: 3000 });
    screen.getByRole('heading', { name: 'Where your price lands Fair Price' });

    answer();
    await findHeading('Where your price lands Great Deal');
    expect(asked).toEqual([18_000, 14_500]);
  });
});
