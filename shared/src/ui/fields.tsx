// Form fields: the label is always tied to the control, and hint/error text is announced through
// aria-describedby with aria-invalid set. `ref` passes through (React 19), so react-hook-form's
// register() spreads straight onto them. `required` only marks the field (aria-required and an
// asterisk): native validation would pre-empt the schema messages.
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { css, styled } from 'styled-components';

const FieldWrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Label = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.dangerText};
`;

const control = css<{ $invalid: boolean }>`
  width: 100%;
  padding: 10px 12px;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid
    ${({ theme, $invalid }) => ($invalid ? theme.colors.dangerText : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radii.md};

  &:disabled,
  &[readonly] {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }

  &:disabled {
    cursor: not-allowed;
  }
`;

const Input = styled.input<{ $invalid: boolean }>`
  ${control}
`;

const TextArea = styled.textarea<{ $invalid: boolean }>`
  ${control}
  min-height: 8rem;
  resize: vertical;
`;

const Select = styled.select<{ $invalid: boolean }>`
  ${control}
`;

interface FieldProps {
  label: ReactNode;
  /** Shown under the control and announced with it; replaces nothing (the hint stays). */
  error?: string;
  hint?: ReactNode;
}

/** Ids and ARIA attributes shared by every field. */
function useFieldIds(id: string | undefined, { error, hint }: Pick<FieldProps, 'error' | 'hint'>) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return {
    controlId,
    hintId,
    errorId,
    aria: { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
  };
}

function RequiredMark({ required }: { required: boolean | undefined }) {
  return required ? <span aria-hidden="true"> *</span> : null;
}

function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: Pick<FieldProps, 'hint' | 'error'> & {
  hintId?: string;
  errorId?: string;
}) {
  return (
    <>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </>
  );
}

/** What a stacked field hands its control: the id the label points at and the ARIA wiring. */
interface ControlWiring {
  id: string;
  'aria-required': true | undefined;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  $invalid: boolean;
}

interface LabelledFieldProps extends FieldProps {
  id?: string;
  /** Marks the field only (aria-required and an asterisk); the control never gets `required`. */
  required?: boolean;
  className?: string;
}

/** Splits a field's props into the frame's and the control's own. */
function splitFieldProps<P extends LabelledFieldProps>({
  label,
  error,
  hint,
  id,
  required,
  className,
  ...controlProps
}: P) {
  return [{ label, error, hint, id, required, className }, controlProps] as const;
}

/** The label above, the control, then hint and error: the frame of the text, text area and select fields. */
function LabelledField({
  children,
  ...field
}: LabelledFieldProps & { children: (control: ControlWiring) => ReactNode }) {
  const { label, error, hint, id, required, className } = field;
  const { controlId, hintId, errorId, aria } = useFieldIds(id, { error, hint });
  return (
    <FieldWrapper className={className}>
      <Label htmlFor={controlId}>
        {label}
        <RequiredMark required={required} />
      </Label>
      {children({ id: controlId, 'aria-required': required || undefined, $invalid: !!error, ...aria })}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </FieldWrapper>
  );
}

export type TextFieldProps = FieldProps & Omit<ComponentPropsWithRef<'input'>, 'children'>;

export function TextField(props: TextFieldProps) {
  const [field, inputProps] = splitFieldProps(props);
  return <LabelledField {...field}>{(control) => <Input {...control} {...inputProps} />}</LabelledField>;
}

export type TextAreaFieldProps = FieldProps & Omit<ComponentPropsWithRef<'textarea'>, 'children'>;

export function TextAreaField(props: TextAreaFieldProps) {
  const [field, textAreaProps] = splitFieldProps(props);
  return (
    <LabelledField {...field}>{(control) => <TextArea {...control} {...textAreaProps} />}</LabelledField>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type SelectFieldProps = FieldProps &
  ComponentPropsWithRef<'select'> & {
    /** Rendered before `children`. */
    options?: readonly SelectOption[];
    /** An empty first option ('' value), e.g. 'Select body type'. */
    placeholder?: string;
  };

export function SelectField(props: SelectFieldProps) {
  const [field, { options = [], placeholder, children, ...selectProps }] = splitFieldProps(props);
  return (
    <LabelledField {...field}>
      {(control) => (
        <Select {...control} {...selectProps}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </Select>
      )}
    </LabelledField>
  );
}

const CheckboxLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  cursor: pointer;

  input {
    /* The box keeps its size when a long label wraps. */
    flex: none;
    width: 1.125rem;
    height: 1.125rem;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.tones.primary.background};
  }
`;

export type CheckboxFieldProps = FieldProps & Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'>;

export function CheckboxField({ label, error, hint, id, className, ...inputProps }: CheckboxFieldProps) {
  const { controlId, hintId, errorId, aria } = useFieldIds(id, { error, hint });
  return (
    <FieldWrapper className={className}>
      <CheckboxLabel htmlFor={controlId}>
        <input id={controlId} type="checkbox" {...aria} {...inputProps} />
        {label}
      </CheckboxLabel>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </FieldWrapper>
  );
}
