import {
  BODY_TYPE_LABELS,
  CONDITION_LABELS,
  DRIVETRAIN_LABELS,
  FUEL_TYPE_LABELS,
  TITLE_STATUS_LABELS,
  TRANSMISSION_LABELS,
} from '@carmarket/shared';
import type { VehicleDetailsInput } from '@carmarket/shared/schemas';
import { SelectField, TextField, type SelectOption } from '@carmarket/shared/ui';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { narrowForm } from './form-group';

const toOptions = (labels: Record<string, string>): SelectOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** Common paint and upholstery colours: a fixed list keeps the search's colour filter tidy. */
const COLORS = [
  'Black',
  'White',
  'Silver',
  'Gray',
  'Red',
  'Blue',
  'Green',
  'Brown',
  'Beige',
  'Tan',
  'Gold',
  'Orange',
  'Yellow',
  'Purple',
  'Other',
];

/** Keeps a stored colour outside the list selectable (older or seeded listings). */
function colorOptions(current: unknown): SelectOption[] {
  const colors =
    typeof current === 'string' && current && !COLORS.includes(current) ? [current, ...COLORS] : COLORS;
  return colors.map((color) => ({ value: color, label: color }));
}

export interface VehicleDetailsFieldsProps<T extends FieldValues> {
  form: UseFormReturn<T, unknown, unknown>;
  /** Create allows 2 to 5 doors; the editor has no limit (spec §5). */
  doorsHint?: string;
}

/** Body type, fuel, transmission, drivetrain, colours, doors, condition and title status. */
export function VehicleDetailsFields<T extends VehicleDetailsInput>({
  form,
  doorsHint,
}: VehicleDetailsFieldsProps<T>) {
  const {
    register,
    watch,
    formState: { errors },
  } = narrowForm<VehicleDetailsInput>(form);
  return (
    <>
      <SelectField
        label="Body type"
        required
        placeholder="Select body type"
        options={toOptions(BODY_TYPE_LABELS)}
        error={errors.bodyType?.message}
        {...register('bodyType')}
      />
      <SelectField
        label="Fuel type"
        required
        placeholder="Select fuel type"
        options={toOptions(FUEL_TYPE_LABELS)}
        error={errors.fuelType?.message}
        {...register('fuelType')}
      />
      <SelectField
        label="Transmission"
        required
        placeholder="Select transmission"
        options={toOptions(TRANSMISSION_LABELS)}
        error={errors.transmission?.message}
        {...register('transmission')}
      />
      <SelectField
        label="Drivetrain"
        required
        placeholder="Select drivetrain"
        options={toOptions(DRIVETRAIN_LABELS)}
        error={errors.drivetrain?.message}
        {...register('drivetrain')}
      />
      <SelectField
        label="Exterior color"
        required
        placeholder="Select exterior color"
        options={colorOptions(watch('exteriorColor'))}
        error={errors.exteriorColor?.message}
        {...register('exteriorColor')}
      />
      <SelectField
        label="Interior color"
        required
        placeholder="Select interior color"
        options={colorOptions(watch('interiorColor'))}
        error={errors.interiorColor?.message}
        {...register('interiorColor')}
      />
      <TextField
        label="Doors"
        required
        type="number"
        inputMode="numeric"
        hint={doorsHint}
        error={errors.doors?.message}
        {...register('doors')}
      />
      <SelectField
        label="Condition"
        required
        placeholder="Select condition"
        options={toOptions(CONDITION_LABELS)}
        error={errors.condition?.message}
        {...register('condition')}
      />
      <SelectField
        label="Title status"
        required
        placeholder="Select title status"
        options={toOptions(TITLE_STATUS_LABELS)}
        error={errors.titleStatus?.message}
        {...register('titleStatus')}
      />
    </>
  );
}
