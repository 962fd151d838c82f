import {
  BODY_TYPES,
  BODY_TYPE_LABELS,
  CONDITION_LABELS,
  DEAL_RATINGS,
  DEAL_RATING_LABELS,
  FEATURE_CATEGORIES,
  FEATURE_CATEGORY_LABELS,
  FEATURE_FILTER_KEYS,
  FUEL_TYPES,
  FUEL_TYPE_LABELS,
  SELLER_ROLE_LABELS,
  TITLE_STATUS_LABELS,
  TRANSMISSIONS,
  TRANSMISSION_LABELS,
  COLOUR_OPTIONS_SHOWN,
  type AvailableFilters,
  type SearchParams,
} from '@carmarket/shared';
import { CheckboxField, SelectField, TextField } from '@carmarket/shared/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useAllMakes, useAllModels, useAllTrims } from '../../catalogue';
import { DebouncedNumberField } from './debounced-number-field';
import { FacetCheckboxes } from './facet-checkboxes';

const Section = styled.details`
  padding: ${({ theme }) => theme.space.sm} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  summary {
    padding: ${({ theme }) => theme.space.xs} 0;
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    cursor: pointer;
  }

  > div {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.sm};
    padding-top: ${({ theme }) => theme.space.sm};
  }
`;

const Pair = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.sm};
`;

const RADIUS_MILES = [10, 25, 50, 100, 250, 500];
const DEFAULT_RADIUS = 50;

function Collapsible({ title, open, children }: { title: string; open?: boolean; children: ReactNode }) {
  return (
    <Section open={open}>
      <summary>{title}</summary>
      <div>{children}</div>
    </Section>
  );
}

// Facets over a fixed list answer every value: before the first search does, the list stands in.
const pendingOptions = (values: readonly string[]) => values.map((value) => ({ value, count: 0 }));

const labelFrom = (labels: Record<string, string>) => (value: string) => labels[value] ?? value;

/**
 * The filter side panel (spec §2): Price and Vehicle start open; Deal rating (open when one is
 * chosen), Condition, Features, Seller and Location start closed. Counts come from the last search's facets.
 */
export function FiltersPanel({
  params,
  available,
  foundNothing = false,
  apply,
}: {
  params: SearchParams;
  available: AvailableFilters | undefined;
  /** The last search found no cars: its facets are all (0) but for the chosen options. */
  foundNothing?: boolean;
  apply: (changes: Partial<SearchParams>) => void;
}) {
  const makes = useAllMakes();
  const models = useAllModels(params.make);
  const trims = useAllTrims(params.make, params.model);
  const facets = available;
  const numberField = (label: string, key: keyof SearchParams) => (
    <DebouncedNumberField
      label={label}
      value={params[key] as number | undefined}
      onCommit={(value) => apply({ [key]: value })}
    />
  );
  const flag = (
    label: string,
    key: 'hasImages' | 'hasWarranty' | 'acceptsTradeIn' | 'financingAvailable' | 'verified',
  ) => (
    <CheckboxField
      label={label}
      checked={!!params[key]}
      onChange={(event) => apply({ [key]: event.target.checked || undefined })}
    />
  );

  return (
    <div>
      {flag('Verified listings only', 'verified')}
      <Collapsible title="Price" open>
        <Pair>
          {numberField('Min price ($)', 'minPrice')}
          {numberField('Max price ($)', 'maxPrice')}
        </Pair>
      </Collapsible>
      <Collapsible title="Deal rating" open={!!params.dealRating}>
        <FacetCheckboxes
          hideEmpty={foundNothing}
          legend="Deal rating"
          options={facets?.dealRatings ?? pendingOptions(DEAL_RATINGS)}
          pending={!facets}
          selected={params.dealRating}
          labelOf={labelFrom(DEAL_RATING_LABELS)}
          onChange={(values) => apply({ dealRating: values as SearchParams['dealRating'] })}
        />
      </Collapsible>
      <Collapsible title="Vehicle" open>
        <Pair>
          {numberField('Year from', 'yearMin')}
          {numberField('Year to', 'yearMax')}
        </Pair>
        <SelectField
          label="Make"
          value={params.make ?? ''}
          placeholder="Any make"
          options={(makes.data ?? []).map(({ make }) => ({ value: make, label: make }))}
          onChange={(event) => apply({ make: event.target.value || undefined })}
        >
          {params.make && !makes.data?.some(({ make }) => make === params.make) && (
            <option value={params.make}>{params.make}</option>
          )}
        </SelectField>
        <SelectField
          label="Model"
          value={params.model ?? ''}
          placeholder={params.make ? 'Any model' : 'Choose a make first'}
          disabled={!params.make}
          options={(models.data ?? []).map(({ model }) => ({ value: model, label: model }))}
          onChange={(event) => apply({ model: event.target.value || undefined })}
        >
          {params.model && !models.data?.some(({ model }) => model === params.model) && (
            <option value={params.model}>{params.model}</option>
          )}
        </SelectField>
        <SelectField
          label="Trim"
          value={params.trim ?? ''}
          placeholder={params.model ? 'Any trim' : 'Choose a model first'}
          disabled={!params.make || !params.model}
          options={[...new Set((trims.data ?? []).map(({ trim }) => trim))].map((trim) => ({
            value: trim,
            label: trim,
          }))}
          onChange={(event) => apply({ trim: event.target.value || undefined })}
        />
        <FacetCheckboxes
          hideEmpty={foundNothing}
          legend="Body type"
          options={facets?.bodyTypes ?? pendingOptions(BODY_TYPES)}
          pending={!facets}
          selected={params.bodyType}
          labelOf={labelFrom(BODY_TYPE_LABELS)}
          onChange={(values) => apply({ bodyType: values as SearchParams['bodyType'] })}
        />
        <FacetCheckboxes
          hideEmpty={foundNothing}
          legend="Fuel type"
          options={facets?.fuelTypes ?? pendingOptions(FUEL_TYPES)}
          pending={!facets}
          selected={params.fuelType}
          labelOf={labelFrom(FUEL_TYPE_LABELS)}
          onChange={(values) => apply({ fuelType: values as SearchParams['fuelType'] })}
        />
        <FacetCheckboxes
          hideEmpty={foundNothing}
          legend="Transmission"
          options={facets?.transmissions ?? pendingOptions(TRANSMISSIONS)}
          pending={!facets}
          selected={params.transmission}
          labelOf={labelFrom(TRANSMISSION_LABELS)}
          onChange={(values) => apply({ transmission: values as SearchParams['transmission'] })}
        />
        <Pair>
          {numberField('Min mileage', 'mileageMin')}
          {numberField('Max mileage', 'mileageMax')}
        </Pair>
        <SelectField
          label="Doors"
          value={params.doors === undefined ? '' : String(params.doors)}
          placeholder="Any"
          options={(facets?.doors ?? []).map(({ value, count }) => ({
            value: String(value),
            label: `${value} (${count})`,
          }))}
          onChange={(event) => apply({ doors: event.target.value ? Number(event.target.value) : undefined })}
        />
        <FacetCheckboxes
          hideEmpty={foundNothing}
          legend="Exterior color"
          options={facets?.exteriorColors ?? []}
          selected={params.exteriorColor}
          limit={COLOUR_OPTIONS_SHOWN}
          onChange={(values) => apply({ exteriorColor: values })}
        />
        <FacetCheckboxes
          hideEmpty={foundNothing}
          legend="Interior color"
          options={facets?.interiorColors ?? []}
          selected={params.interiorColor}
          limit={COLOUR_OPTIONS_SHOWN}
          onChange={(values) => apply({ interiorColor: values })}
        />
        <Pair>
          {numberField('Min city MPG', 'cityMpgMin')}
          {numberField('Min highway MPG', 'highwayMpgMin')}
        </Pair>
        {numberField('Min combined MPG', 'combinedMpgMin')}
      </Collapsible>
      <Collapsible title="Condition">
        <FacetCheckboxes
          hideEmpty={foundNothing}
          legend="Condition"
          options={facets?.conditions ?? []}
          selected={params.condition}
          labelOf={labelFrom(CONDITION_LABELS)}
          onChange={(values) => apply({ condition: values as SearchParams['condition'] })}
        />
        <FacetCheckboxes
          hideEmpty={foundNothing}
          legend="Title status"
          options={facets?.titleStatuses ?? []}
          selected={params.titleStatus}
          labelOf={labelFrom(TITLE_STATUS_LABELS)}
          onChange={(values) => apply({ titleStatus: values as SearchParams['titleStatus'] })}
        />
      </Collapsible>
      <Collapsible title="Features">
        {FEATURE_CATEGORIES.map((category) => (
          <FacetCheckboxes
            hideEmpty={foundNothing}
            key={category}
            legend={FEATURE_CATEGORY_LABELS[category]}
            options={facets?.features[category] ?? []}
            selected={params[FEATURE_FILTER_KEYS[category]]}
            onChange={(values) => apply({ [FEATURE_FILTER_KEYS[category]]: values })}
          />
        ))}
        {flag('Has warranty', 'hasWarranty')}
      </Collapsible>
      <Collapsible title="Seller">
        <FacetCheckboxes
          hideEmpty={foundNothing}
          legend="Seller type"
          options={facets?.sellerTypes ?? []}
          selected={params.sellerType}
          labelOf={labelFrom(SELLER_ROLE_LABELS)}
          onChange={(values) => apply({ sellerType: values as SearchParams['sellerType'] })}
        />
        {flag('Accepts trade-in', 'acceptsTradeIn')}
        {flag('Financing available', 'financingAvailable')}
        {flag('With photos only', 'hasImages')}
      </Collapsible>
      <Collapsible title="Location">
        <TextField
          key={params.zipCode ?? ''}
          label="ZIP code"
          inputMode="numeric"
          maxLength={5}
          defaultValue={params.zipCode ?? ''}
          onBlur={(event) => {
            const zipCode = event.target.value.trim();
            if (zipCode === (params.zipCode ?? '')) return;
            if (zipCode === '') apply({ zipCode: undefined, radius: undefined });
            else if (/^\d{5}$/.test(zipCode)) apply({ zipCode, radius: params.radius ?? DEFAULT_RADIUS });
          }}
        />
        <SelectField
          label="Distance"
          value={String(params.radius ?? '')}
          disabled={!params.zipCode}
          placeholder="Anywhere"
          options={RADIUS_MILES.map((miles) => ({ value: String(miles), label: `Within ${miles} mi` }))}
          onChange={(event) => apply({ radius: event.target.value ? Number(event.target.value) : undefined })}
        />
      </Collapsible>
    </div>
  );
}
