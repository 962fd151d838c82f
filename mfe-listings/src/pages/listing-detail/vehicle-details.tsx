import {
  BODY_TYPE_LABELS,
  CONDITION_LABELS,
  DRIVETRAIN_LABELS,
  FEATURE_CATEGORIES,
  FEATURE_CATEGORY_LABELS,
  formatMpg,
  NOT_AVAILABLE,
  type Vehicle,
} from '@carmarket/shared';
import { Card } from '@carmarket/shared/ui';
import styled from 'styled-components';

export const FactGrid = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: 1rem;
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
  }

  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

// A VIN is one token: it never breaks inside (it may move to the next line whole). Two columns
// wide where the grid has two, so it fits on one line beside its neighbours.
const VinFact = styled.div`
  dd {
    overflow-wrap: normal;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
    letter-spacing: 0.02em;
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-column: span 2;
  }
`;

const orNotAvailable = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? NOT_AVAILABLE : value;

/** Vehicle Details (spec §2); without a VIN the buyer is told to ask the seller. */
export function VehicleDetails({ vehicle }: { vehicle: Vehicle }) {
  const facts: [string, string | number][] = [
    ['Make', vehicle.make],
    ['Model', vehicle.model],
    ['Year', vehicle.year],
    ['Body type', orNotAvailable(BODY_TYPE_LABELS[vehicle.bodyType])],
    ['Exterior color', orNotAvailable(vehicle.color.exterior)],
    ['Interior color', orNotAvailable(vehicle.color.interior)],
    ['Drivetrain', orNotAvailable(DRIVETRAIN_LABELS[vehicle.drivetrain])],
    ['Engine', orNotAvailable(vehicle.engine)],
    ['VIN', vehicle.vin || 'Ask Seller'],
    ['Condition', orNotAvailable(CONDITION_LABELS[vehicle.condition])],
    ['Fuel economy', formatMpg(vehicle.mpg ?? {})],
  ];
  return (
    <Card as="section" aria-labelledby="vehicle-details">
      <h2 id="vehicle-details">Vehicle Details</h2>
      <FactGrid>
        {facts.map(([term, value]) => {
          const Fact = term === 'VIN' ? VinFact : 'div';
          return (
            <Fact key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </Fact>
          );
        })}
      </FactGrid>
    </Card>
  );
}

const Categories = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: 1rem;

  h3 {
    margin: 0 0 0.5rem;
    font-size: 1rem;
  }

  ul {
    margin: 0;
    padding-left: 1.25rem;
  }
`;

/** Features by category; the section shows only when some category has any (spec §2). */
export function ListingFeatures({ features }: { features: Vehicle['features'] }) {
  const filled = FEATURE_CATEGORIES.filter((category) => (features?.[category]?.length ?? 0) > 0);
  if (filled.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="vehicle-features">
      <h2 id="vehicle-features">Features</h2>
      <Categories>
        {filled.map((category) => (
          <div key={category}>
            <h3>{FEATURE_CATEGORY_LABELS[category]}</h3>
            <ul>
              {(features[category] ?? []).map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </div>
        ))}
      </Categories>
    </Card>
  );
}
