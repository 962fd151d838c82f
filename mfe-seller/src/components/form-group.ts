import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * The field groups here are shared by the wizard's steps and the editor's tabs, whose forms hold
 * the group's fields among others. react-hook-form's `register` is invariant in the form type, so
 * "a form with at least these fields" cannot be written; each group takes its form through a
 * generic bound (`T extends TheGroupInput`, which keeps the call sites checked) and narrows it to
 * its own fields here.
 */
export function narrowForm<Group extends FieldValues>(form: object): UseFormReturn<Group> {
  return form as UseFormReturn<Group>;
}
