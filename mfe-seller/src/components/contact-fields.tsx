import { CONTACT_METHOD_LABELS } from '@carmarket/shared';
import type { ContactLocationInput } from '@carmarket/shared/schemas';
import { SelectField, TextField } from '@carmarket/shared/ui';
import type { UseFormReturn } from 'react-hook-form';
import { narrowForm } from './form-group';

type ContactFieldsInput = Pick<ContactLocationInput, 'phone' | 'preferredMethod'>;

const contactOptions = Object.entries(CONTACT_METHOD_LABELS).map(([value, label]) => ({ value, label }));

/** Phone (optional, 123-456-7890) and the preferred contact method. */
export function ContactFields<T extends ContactFieldsInput>({
  form,
}: {
  form: UseFormReturn<T, unknown, unknown>;
}) {
  const {
    register,
    formState: { errors },
  } = narrowForm<ContactFieldsInput>(form);
  return (
    <>
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        placeholder="123-456-7890"
        hint="Optional. Format: 123-456-7890"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <SelectField
        label="Preferred contact method"
        required
        placeholder="Select contact method"
        options={contactOptions}
        error={errors.preferredMethod?.message}
        {...register('preferredMethod')}
      />
    </>
  );
}
