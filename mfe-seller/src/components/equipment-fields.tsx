import {
  FEATURE_CATEGORIES,
  FEATURE_CATEGORY_LABELS,
  FEATURE_OPTIONS,
  MPG_MAX,
  MPG_MIN,
} from '@carmarket/shared';
import type { VehicleDetailsInput } from '@carmarket/shared/schemas';
import { CheckboxField, TextField } from '@carmarket/shared/ui';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import styled from 'styled-components';
import { narrowForm } from './form-group';
import { Fieldset } from './form-layout';

type EquipmentInput = Pick<VehicleDetailsInput, 'cityMpg' | 'highwayMpg' | 'combinedMpg' | 'features'>;

const Group = styled(Fieldset).attrs({ $gap: 'md' })`
  > legend {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Three figures side by side from the small breakpoint up, one per row on phones. */
const Figures = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Categories = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;

interface EquipmentFieldsProps<T extends EquipmentInput> {
  form: UseFormReturn<T, unknown, unknown>;
}

/** City, highway and combined MPG, each optional; the search filters on them. */
export function FuelEconomyFields<T extends EquipmentInput>({ form }: EquipmentFieldsProps<T>) {
  const {
    register,
    formState: { errors },
  } = narrowForm<EquipmentInput>(form);
  const hintId = useId();
  const figure = (label: string, name: 'cityMpg' | 'highwayMpg' | 'combinedMpg') => (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={MPG_MIN}
      max={MPG_MAX}
      step={1}
      error={errors[name]?.message}
      {...register(name)}
    />
  );
  return (
    <Group aria-describedby={hintId}>
      <legend>Fuel economy</legend>
      <Hint id={hintId}>Optional. The rated MPG (MPGe for electric cars).</Hint>
      <Figures>
        {figure('City MPG', 'cityMpg')}
        {figure('Highway MPG', 'highwayMpg')}
        {figure('Combined MPG', 'combinedMpg')}
      </Figures>
    </Group>
  );
}

/** A checkbox per feature, grouped by category (spec §3); buyers filter on them. */
export function FeatureFields<T extends EquipmentInput>({ form }: EquipmentFieldsProps<T>) {
  const { register } = narrowForm<EquipmentInput>(form);
  const hintId = useId();
  // The checkboxes of a category share its name, so react-hook-form holds the ticked ones as a list.
  return (
    <Group aria-describedby={hintId}>
      <legend>Features</legend>
      <Hint id={hintId}>Optional. Tick what the car has: buyers search by these.</Hint>
      <Categories>
        {FEATURE_CATEGORIES.map((category) => (
          <Fieldset key={category}>
            <legend>{FEATURE_CATEGORY_LABELS[category]}</legend>
            {FEATURE_OPTIONS[category].map((name) => (
              <CheckboxField key={name} label={name} value={name} {...register(`features.${category}`)} />
            ))}
          </Fieldset>
        ))}
      </Categories>
    </Group>
  );
}
