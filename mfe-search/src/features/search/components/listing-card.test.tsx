import { describe, expect, it } from '@jest/globals';
import type { ListingImage, SearchListing } from '@carmarket/shared';
import { BrowserRouter } from '@carmarket/shared/router';
import { lightTheme } from '@carmarket/shared/ui';
import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { ListingCard } from './listing-card';

const photo: ListingImage = {
  url: '/uploads/photos/4f/4f3a9c0d2b7e4e1a8c6d5b3a2f1e0d9c.webp',
  thumbnail: '/uploads/photos/4f/4f3a9c0d2b7e4e1a8c6d5b3a2f1e0d9c-thumb.webp',
  alt: '',
  publicId: '4f3a9c0d2b7e4e1a8c6d5b3a2f1e0d9c',
  isPrimary: true,
  status: 'ready',
};

/** An active listing as the search answers it. */
const listingWith = (primaryImage: ListingImage): SearchListing => ({
  _id: '0b6f3c1e-2d4a-4e5f-9a7b-8c9d0e1f2a3b',
  title: '2019 Honda Civic EX',
  description: 'One owner.',
  createdAt: '2026-03-01T12:00:00.000Z',
  views: 12,
  favoriteCount: 2,
  isFavorite: false,
  status: 'active',
  dealerBadge: false,
  expiresAt: '2026-04-30T12:00:00.000Z',
  expired: false,
  verified: false,
  primaryImage,
  price: { amount: 18500, currency: 'USD', negotiable: true },
  hasWarranty: false,
  acceptsTradeIn: false,
  financingAvailable: false,
  contactPreferences: { phone: null, preferredMethod: 'email' },
  seller: { _id: 'seller', name: 'Jane', role: 'private', memberSince: '2026-01-01T00:00:00.000Z' },
  vehicle: {
    make: 'Honda',
    model: 'Civic',
    year: 2019,
    trim: 'EX',
    mileage: 42000,
    vin: null,
    bodyType: 'sedan',
    fuelType: 'gasoline',
    transmission: 'cvt',
    drivetrain: 'fwd',
    engine: null,
    color: { exterior: 'Blue', interior: 'Black' },
    doors: 4,
    condition: 'good',
    titleStatus: 'clean',
    features: {},
    mpg: { city: 31, highway: 40, combined: 34 },
    images: [primaryImage],
    location: {
      type: 'Point',
      coordinates: [-97.7431, 30.2672],
      address: { city: 'Austin', state: 'TX', zipCode: '78701' },
    },
  },
  priceDrop: null,
  dealRating: null,
});

function renderCard(listing: SearchListing) {
  return render(
    <ThemeProvider theme={lightTheme}>
      <BrowserRouter>
        <ListingCard listing={listing} mode="grid" onToggleFavorite={() => undefined} />
      </BrowserRouter>
    </ThemeProvider>,
  );
}

describe('ListingCard', () => {
  it('shows the primary photo once it is ready', () => {
    renderCard(listingWith(photo));
    const card = screen.getByRole('article', { name: '2019 Honda Civic EX' });
    expect(card.querySelector('img')?.getAttribute('src')).toBe(photo.thumbnail);
  });

  it('offers the medium size beside the thumbnail, for a sharp or wide screen to pick', () => {
    const medium = '/uploads/photos/4f/4f3a9c0d2b7e4e1a8c6d5b3a2f1e0d9c-800.webp';
    renderCard(listingWith({ ...photo, medium }));
    const image = screen.getByRole('article', { name: '2019 Honda Civic EX' }).querySelector('img')!;
    expect(image.getAttribute('src')).toBe(photo.thumbnail);
    expect(image.getAttribute('srcset')).toBe(`${photo.thumbnail} 400w, ${medium} 800w`);
    expect(image.getAttribute('sizes')).toBe('(max-width: 520px) 100vw, (max-width: 767px) 50vw, 20rem');
  });

  it('shows a photo made before the medium size by its thumbnail alone', () => {
    renderCard(listingWith(photo));
    const image = screen.getByRole('article', { name: '2019 Honda Civic EX' }).querySelector('img')!;
    expect(image.hasAttribute('srcset')).toBe(false);
  });

  it('says "Processing…" in the place of a primary photo whose file is still being made', () => {
    renderCard(listingWith({ ...photo, status: 'processing' }));
    const card = screen.getByRole('article', { name: '2019 Honda Civic EX' });
    expect(card.querySelector('img')).toBeNull();
    expect(card.textContent).toContain('Processing…');
  });
});
