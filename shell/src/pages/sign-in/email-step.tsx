import { getErrorMessage, getRequestId } from '@carmarket/shared';
import { signInEmailSchema, type SignInEmail, type SignInEmailInput } from '@carmarket/shared/schemas';
import { Button, SupportRequestId, TextField } from '@carmarket/shared/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { sendCode } from './api/send-code';
import { FormError, Form } from './sign-in-layout';
import { signInCopy, type SignInMode } from './sign-in-copy';

interface EmailStepProps {
  mode: SignInMode;
  /** The address entered before 'Change email', so it need not be typed again. */
  defaultEmail: string;
  onCodeSent: (email: string) => void;
}

export function EmailStep({ mode, defaultEmail, onCodeSent }: EmailStepProps) {
  const copy = signInCopy[mode];
  const [failedRequestId, setFailedRequestId] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignInEmailInput, unknown, SignInEmail>({
    resolver: zodResolver(signInEmailSchema),
    defaultValues: { email: defaultEmail },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await sendCode(mode, values);
      onCodeSent(values.email);
    } catch (error) {
      setFailedRequestId(getRequestId(error));
      setError('root', { message: getErrorMessage(error, copy.sendFailed) });
    }
  });

  return (
    <Form onSubmit={submit} noValidate>
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        autoFocus
        error={errors.email?.message}
        {...register('email')}
      />
      {errors.root && (
        <div role="alert">
          <FormError>{errors.root.message}</FormError>
          <SupportRequestId requestId={failedRequestId} />
        </div>
      )}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending code...' : copy.submit}
      </Button>
    </Form>
  );
}
