import {
  FEATURE_CATEGORIES,
  FEATURE_CATEGORY_LABELS,
  FEATURE_FILTER_KEYS,
  formatCount,
  routes,
  toSearchQueryString,
  type SearchParams,
} from '@carmarket/shared';
import { useQueries } from '@tanstack/react-query';
import { Link } from '@carmarket/shared/router';
import styled from 'styled-components';
import { searchListingsQuery } from '../api/search-listings';

type SearchKey = keyof SearchParams;

/**
 * The filters a buyer sets, each as one thing to take away: a range with both ends, the place with
 * its radius; a make goes with the model and trim chosen under it (`dependents`).
 */
const FILTERS: { label: string; keys: SearchKey[]; dependents?: SearchKey[] }[] = [
  { label: 'Keyword', keys: ['q'] },
  { label: 'Price', keys: ['minPrice', 'maxPrice'] },
  { label: 'Year', keys: ['yearMin', 'yearMax'] },
  { label: 'Make', keys: ['make'], dependents: ['model', 'trim'] },
  { label: 'Model', keys: ['model'], dependents: ['trim'] },
  { label: 'Trim', keys: ['trim'] },
  { label: 'Body type', keys: ['bodyType'] },
  { label: 'Fuel type', keys: ['fuelType'] },
  { label: 'Transmission', keys: ['transmission'] },
  { label: 'Condition', keys: ['condition'] },
  { label: 'Mileage', keys: ['mileageMin', 'mileageMax'] },
  { label: 'Exterior color', keys: ['exteriorColor'] },
  { label: 'Interior color', keys: ['interiorColor'] },
  { label: 'Doors', keys: ['doors', 'doorsMin', 'doorsMax'] },
  { label: 'Title status', keys: ['titleStatus'] },
  {
    label: 'Fuel economy',
    keys: ['cityMpgMin', 'cityMpgMax', 'highwayMpgMin', 'highwayMpgMax', 'combinedMpgMin', 'combinedMpgMax'],
  },
  ...FEATURE_CATEGORIES.map((category) => ({
    label: `${FEATURE_CATEGORY_LABELS[category]} features`,
    keys: [FEATURE_FILTER_KEYS[category]],
  })),
  { label: 'Seller type', keys: ['sellerType'] },
  { label: 'Deal rating', keys: ['dealRating'] },
  { label: 'Location', keys: ['radius', 'zipCode', 'lat', 'lon'] },
  { label: 'With photos', keys: ['hasImages'] },
  { label: 'Warranty', keys: ['hasWarranty'] },
  { label: 'Trade-ins', keys: ['acceptsTradeIn'] },
  { label: 'Financing', keys: ['financingAvailable'] },
  { label: 'Verified', keys: ['verified'] },
];

const isSet = (value: unknown) =>
  value !== undefined &&
  value !== null &&
  value !== '' &&
  value !== false &&
  !(Array.isArray(value) && !value.length);

// Doubled class: the empty state's own paragraph margins would otherwise win.
const Hint = styled.p`
  && {
    margin: 0.75rem 0 0;
  }
`;

/**
 * For a search that finds nothing: the one filter whose removal brings back the most cars (the
 * narrowest), counted by asking for the same search without each filter in turn, one result each,
 * and offered as a link that takes it away. Nothing when no single removal finds a car. It arrives
 * after its counts, so it goes below the page's other actions: above them, it pushed the Clear
 * Filters button down under a pointer already on its way to it (a click lost in the e2e suite).
 */
export function NarrowestFilter({ params }: { params: SearchParams }) {
  const withoutEach = FILTERS.filter(({ keys }) => keys.some((key) => isSet(params[key]))).map(
    ({ label, keys, dependents = [] }) => {
      const without: SearchParams = { ...params, page: 1 };
      for (const key of [...keys, ...dependents]) delete without[key];
      return { label, without };
    },
  );
  const counts = useQueries({
    queries: withoutEach.map(({ without }) => searchListingsQuery({ ...without, limit: 1 })),
  });
  let best: { label: string; without: SearchParams; total: number } | undefined;
  withoutEach.forEach((candidate, index) => {
    const total = counts[index]?.data?.pagination.total ?? 0;
    if (total > 0 && (!best || total > best.total)) best = { ...candidate, total };
  });
  if (!best) return null;
  const { without, label, total } = best;
  return (
    <Hint>
      {formatCount(total, 'car')} without the {label.toLowerCase()} filter:{' '}
      <Link to={`${routes.search}?${toSearchQueryString(without).toString()}`}>Remove {label}</Link>
    </Hint>
  );
}
