import { formatPrice } from '@carmarket/shared';
import type { DealRatingPreviewQuery } from '@carmarket/shared/schemas';
import { Card, DealRatingBadge, useDebouncedValue } from '@carmarket/shared/ui';
import styled from 'styled-components';
import { useDealRatingPreview } from '../api/get-deal-rating-preview';

/** The price is asked about once the seller stops typing, not per keystroke. */
const PREVIEW_DEBOUNCE_MS = 400;

const Panel = styled(Card).attrs({ as: 'section' })`
  h3 {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: center;
    margin: 0 0 0.5rem;
  }

  p {
    margin: 0;
  }
`;

/**
 * Where the seller's price lands among comparable listings, before they publish or save: the same
 * rating buyers will see on the listing and in search. While the seller types, the last answer stays
 * shown (see useDealRatingPreview).
 */
export function DealRatingPreview({ query }: { query: DealRatingPreviewQuery | null }) {
  const { data: rating } = useDealRatingPreview(useDebouncedValue(query, PREVIEW_DEBOUNCE_MS));
  if (!rating) return null;
  return (
    <Panel aria-labelledby="deal-rating-preview" aria-live="polite">
      <h3 id="deal-rating-preview">
        Where your price lands {rating.band && <DealRatingBadge band={rating.band} />}
      </h3>
      {rating.band ? (
        <p>
          Estimated market value {formatPrice(rating.estimate!)} (likely {formatPrice(rating.range!.low)}–
          {formatPrice(rating.range!.high)}), from {rating.comparableCount} comparable listings. Buyers see
          this rating on your listing and in search.
        </p>
      ) : (
        <p>No rating yet: {rating.notEnoughData}</p>
      )}
    </Panel>
  );
}
