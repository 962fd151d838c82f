import {
  DEFAULT_FUEL_PRICE_PER_GALLON,
  MILES_PER_YEAR,
  formatCount,
  formatPrice,
  useHydrated,
  type Listing,
} from '@carmarket/shared';
import { Card, TextField } from '@carmarket/shared/ui';
import { useState } from 'react';
import styled from 'styled-components';

const Section = styled(Card).attrs({ as: 'section' })`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};

  h2,
  p {
    margin: 0;
  }

  label + * {
    max-width: 10rem;
  }
`;

/**
 * Yearly fuel cost from the combined MPG at MILES_PER_YEAR, at a gallon price the buyer can change
 * (their local price); left out without a combined MPG or for electric cars, which burn none.
 */
export function FuelCost({ listing }: { listing: Listing }) {
  const [price, setPrice] = useState(String(DEFAULT_FUEL_PRICE_PER_GALLON));
  // Server-rendered: a price typed before its handler is attached would not count (useHydrated).
  const hydrated = useHydrated();
  const combined = listing.vehicle.mpg?.combined;
  if (!combined || listing.vehicle.fuelType === 'electric') return null;
  const perGallon = Number(price);
  const valid = price.trim() !== '' && Number.isFinite(perGallon) && perGallon > 0;
  const gallons = MILES_PER_YEAR / combined;
  const usage = `${formatCount(Math.round(gallons), 'gallon')} for ${formatCount(MILES_PER_YEAR, 'mile')} at ${combined} MPG combined`;
  return (
    <Section aria-labelledby="fuel-cost">
      <h2 id="fuel-cost">Running cost</h2>
      <p aria-live="polite">
        {valid
          ? `About ${formatPrice(gallons * perGallon)} a year in fuel: ${usage}.`
          : `${usage}; enter a fuel price for the cost.`}
      </p>
      <TextField
        label="Fuel price ($ per gallon)"
        type="number"
        inputMode="decimal"
        min={0.01}
        step={0.01}
        value={price}
        disabled={!hydrated}
        onChange={(event) => setPrice(event.target.value)}
      />
    </Section>
  );
}
