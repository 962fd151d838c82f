import { DESCRIPTION_MAX } from '@carmarket/shared';
import type { EditListingDetailsInput, ListingDetailsInput } from '@carmarket/shared/schemas';
import { CheckboxField, TextAreaField, TextField } from '@carmarket/shared/ui';
import type { UseFormReturn } from 'react-hook-form';
import { narrowForm } from './form-group';
import { Fieldset } from './form-layout';

type ListingFieldsInput = Pick<
  ListingDetailsInput & EditListingDetailsInput,
  'title' | 'description' | 'price' | 'negotiable' | SaleTerm
>;

export type SaleTerm = 'hasWarranty' | 'acceptsTradeIn' | 'financingAvailable';

/** The sale terms as the seller ticks them (and as the review names them). */
export const SALE_TERM_LABELS: Record<SaleTerm, string> = {
  hasWarranty: 'Warranty included',
  acceptsTradeIn: 'Trade-ins accepted',
  financingAvailable: 'Financing available',
};

export interface ListingFieldsProps<T extends ListingFieldsInput> {
  form: UseFormReturn<T, unknown, unknown>;
}

/** Title, description (with its length counter), price, the negotiable checkbox and the sale terms. */
export function ListingFields<T extends ListingFieldsInput>({ form }: ListingFieldsProps<T>) {
  const {
    register,
    watch,
    formState: { errors },
  } = narrowForm<ListingFieldsInput>(form);
  const descriptionLength = (watch('description') ?? '').length;
  return (
    <>
      <TextField
        label="Title"
        required
        placeholder="e.g. 2012 Honda Civic EX, one owner"
        error={errors.title?.message}
        {...register('title')}
      />
      <TextAreaField
        label="Description"
        required
        rows={8}
        hint={`${descriptionLength}/${DESCRIPTION_MAX} characters`}
        error={errors.description?.message}
        {...register('description')}
      />
      <TextField
        label="Price (USD)"
        required
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        error={errors.price?.message}
        {...register('price')}
      />
      <CheckboxField label="Price is negotiable" {...register('negotiable')} />
      <Fieldset>
        <legend>Sale terms</legend>
        {(Object.keys(SALE_TERM_LABELS) as SaleTerm[]).map((term) => (
          <CheckboxField key={term} label={SALE_TERM_LABELS[term]} {...register(term)} />
        ))}
      </Fieldset>
    </>
  );
}
