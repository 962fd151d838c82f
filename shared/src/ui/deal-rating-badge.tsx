import { DEAL_RATING_LABELS, type DealRatingBand } from '@carmarket/shared';
import { Badge } from './primitives.js';
import type { ToneName } from './theme.js';

const BAND_TONES: Record<DealRatingBand, ToneName> = {
  great: 'success',
  good: 'success',
  fair: 'neutral',
  high: 'warning',
  overpriced: 'danger',
};

/** A deal rating's band as the listing page, search cards and the seller's preview show it. */
export function DealRatingBadge({ band }: { band: DealRatingBand }) {
  return <Badge $tone={BAND_TONES[band]}>{DEAL_RATING_LABELS[band]}</Badge>;
}
