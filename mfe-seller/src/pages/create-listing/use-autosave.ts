import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** Hands every change of the step's form to the draft, so a reload keeps what was typed. */
export function useAutosave<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  onChange: (values: T) => void,
) {
  useEffect(() => {
    const subscription = form.watch(() => onChange(form.getValues()));
    return () => subscription.unsubscribe();
  }, [form, onChange]);
}
