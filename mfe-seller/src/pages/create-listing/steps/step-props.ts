import type { ReactNode } from 'react';

/** What the wizard gives each form step. */
export interface StepProps<T> {
  values: T;
  /** Every change, for the draft. */
  onChange: (values: T) => void;
  /** The step's values passed its schema: save them and go on. */
  onNext: (values: T) => void;
  /** The wizard's buttons, rendered inside the step's form so Next submits it. */
  actions: ReactNode;
}
