import { formatPrice, routes, toSearchQueryString, type DealRating, type Id } from '@carmarket/shared';
import { Link } from '@carmarket/shared/router';
import { Badge, Card, DealRatingBadge } from '@carmarket/shared/ui';
import styled from 'styled-components';
import { useDealRating } from '../../features/deal-rating/api/get-deal-rating';

const Panel = styled(Card).attrs({ as: 'section' })`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};

  h2 {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p,
  ul,
  figure {
    margin: 0;
  }

  ul {
    padding-left: ${({ theme }) => theme.space.lg};
  }
`;

const Estimate = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const Chart = styled.svg`
  display: block;
  width: 100%;
  height: 3rem;
  overflow: visible;
`;

const CHART_WIDTH = 300;
const CHART_PADDING = 8;

/**
 * Where this price sits among the comparables' adjusted prices: a dot per comparable, the middle
 * half shaded, this listing's price as a bar. The same facts are in the caption for screen readers.
 */
function PriceStrip({ rating }: { rating: DealRating }) {
  const prices = rating.adjustedPrices;
  const low = Math.min(rating.price, ...prices);
  const high = Math.max(rating.price, ...prices);
  const x = (price: number) =>
    CHART_PADDING + ((price - low) / Math.max(high - low, 1)) * (CHART_WIDTH - 2 * CHART_PADDING);
  const cheaper = prices.filter((price) => price < rating.price).length;
  return (
    <figure>
      <Chart viewBox={`0 0 ${CHART_WIDTH} 40`} preserveAspectRatio="none" aria-hidden="true">
        {rating.range && (
          <rect
            x={x(rating.range.low)}
            y={12}
            width={Math.max(x(rating.range.high) - x(rating.range.low), 2)}
            height={16}
            fill="currentColor"
            opacity={0.15}
          />
        )}
        {prices.map((price, index) => (
          <circle key={index} cx={x(price)} cy={20} r={4} fill="currentColor" opacity={0.7} />
        ))}
        <rect x={x(rating.price) - 1.5} y={2} width={3} height={36} fill="currentColor" />
      </Chart>
      <figcaption>
        This price, {formatPrice(rating.price)}: {cheaper} of the {prices.length} comparables are priced lower
        once adjusted, {formatPrice(prices[0]!)} to {formatPrice(prices.at(-1)!)}.
      </figcaption>
    </figure>
  );
}

/** The deal rating (issue 16): the estimate, its range, the comparables and why; hidden while it loads or fails. */
export function DealRatingPanel({ listingId }: { listingId: Id }) {
  const { data: rating } = useDealRating(listingId);
  if (!rating) return null;
  const query = toSearchQueryString(rating.comparablesSearch).toString();
  const comparablesLink = <Link to={`${routes.search}?${query}`}>See the comparable listings in search</Link>;

  if (!rating.band) {
    return (
      <Panel aria-labelledby="deal-rating">
        <h2 id="deal-rating">
          Deal rating <Badge>Not enough data</Badge>
        </h2>
        <p>{rating.notEnoughData}</p>
        {rating.comparableCount > 0 && <p>{comparablesLink}</p>}
      </Panel>
    );
  }

  return (
    <Panel aria-labelledby="deal-rating">
      <h2 id="deal-rating">
        Deal rating <DealRatingBadge band={rating.band} />
      </h2>
      <Estimate>
        Estimated market value <strong>{formatPrice(rating.estimate!)}</strong> (likely{' '}
        {formatPrice(rating.range!.low)}–{formatPrice(rating.range!.high)}), from {rating.comparableCount}{' '}
        comparable listings.
      </Estimate>
      <PriceStrip rating={rating} />
      <ul aria-label="Why this rating">
        {rating.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <p>{comparablesLink}</p>
    </Panel>
  );
}
