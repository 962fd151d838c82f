import { getErrorMessage, OTP_LENGTH, useSessionStore } from '@carmarket/shared';
import { verifyCodeSchema, type VerifyCode, type VerifyCodeInput } from '@carmarket/shared/schemas';
import { Button, TextField } from '@carmarket/shared/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { resendCode } from './api/resend-code';
import { verifyCode } from './api/verify-code';
import { Form, FormError, FormStatus, SecondaryActions } from './sign-in-layout';
import type { SignInMode } from './sign-in-copy';

interface CodeStepProps {
  mode: SignInMode;
  email: string;
  onChangeEmail: () => void;
}

export function CodeStep({ mode, email, onChangeEmail }: CodeStepProps) {
  const setAuth = useSessionStore((state) => state.setAuth);
  const [resendState, setResendState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<VerifyCodeInput, unknown, VerifyCode>({
    resolver: zodResolver(verifyCodeSchema),
    defaultValues: { email, otp: '' },
  });

  // Signing in is enough: the guest-only route then leaves for the remembered page or /dashboard.
  const submit = handleSubmit(async (values) => {
    try {
      const { user, tokens } = await verifyCode(mode, values);
      setAuth(user, tokens);
    } catch (error) {
      setError('root', { message: getErrorMessage(error, 'Invalid or expired code') });
    }
  });

  const resend = async () => {
    setResendState('sending');
    try {
      await resendCode({ email });
      setResendState('sent');
    } catch {
      setResendState('failed');
    }
  };

  return (
    <Form onSubmit={submit} noValidate>
      <p>
        We sent a {OTP_LENGTH}-digit code to <strong>{email}</strong>.
      </p>
      <TextField
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        autoFocus
        error={errors.otp?.message}
        {...register('otp')}
      />
      {errors.root && <FormError role="alert">{errors.root.message}</FormError>}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Verifying...' : 'Verify code'}
      </Button>
      <SecondaryActions>
        <Button type="button" $variant="ghost" onClick={onChangeEmail}>
          Change email
        </Button>
        <Button type="button" $variant="ghost" onClick={resend} disabled={resendState === 'sending'}>
          Resend code
        </Button>
      </SecondaryActions>
      <FormStatus role="status">
        {resendState === 'sent' && `A new code was sent to ${email}.`}
        {resendState === 'failed' && 'Could not resend the code. Please try again.'}
      </FormStatus>
    </Form>
  );
}
