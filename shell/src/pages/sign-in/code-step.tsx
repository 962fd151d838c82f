import {
  getErrorMessage,
  getRequestId,
  getRetryAfterSeconds,
  OTP_LENGTH,
  useSessionStore,
} from '@carmarket/shared';
import { verifyCodeSchema, type VerifyCode, type VerifyCodeInput } from '@carmarket/shared/schemas';
import { Button, SupportRequestId, TextField } from '@carmarket/shared/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
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

type ResendState =
  | { status: 'idle' | 'sending' | 'sent' }
  /** `message` is the server's reason (spec §8), e.g. the one-code-per-minute rule. */
  | { status: 'failed'; message: string };

const RESEND_FAILED = 'Could not resend the code. Please try again.';

/** Counts down once a second from the value given to `start`, down to 0. */
function useCountdown() {
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);
  return [secondsLeft, setSecondsLeft] as const;
}

export function CodeStep({ mode, email, onChangeEmail }: CodeStepProps) {
  const setAuth = useSessionStore((state) => state.setAuth);
  const [resendState, setResendState] = useState<ResendState>({ status: 'idle' });
  const [resendWait, startResendWait] = useCountdown();
  const [failedRequestId, setFailedRequestId] = useState<string>();
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
      setFailedRequestId(getRequestId(error));
      setError('root', { message: getErrorMessage(error, 'Invalid or expired code') });
    }
  });

  const resendBlocked = resendState.status === 'sending' || resendWait > 0;
  const resend = async () => {
    if (resendBlocked) return;
    setResendState({ status: 'sending' });
    try {
      await resendCode({ email });
      setResendState({ status: 'sent' });
    } catch (error) {
      startResendWait(getRetryAfterSeconds(error));
      setResendState({ status: 'failed', message: getErrorMessage(error, RESEND_FAILED) });
    }
  };
  const { onChange: onCodeChange, ...codeField } = register('otp');

  return (
    <Form onSubmit={submit} noValidate>
      <p>
        We sent a {OTP_LENGTH}-digit code to <strong>{email}</strong>.
      </p>
      <TextField
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        autoFocus
        error={errors.otp?.message}
        {...codeField}
        // Spec §4: 6 digits only. Anything else typed or pasted ("123 456") is dropped as it comes,
        // then the length is cut (a maxLength would cut the pasted text before the spaces go).
        onChange={(event) => {
          event.target.value = event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH);
          return onCodeChange(event);
        }}
      />
      {errors.root && (
        <div role="alert">
          <FormError>{errors.root.message}</FormError>
          <SupportRequestId requestId={failedRequestId} />
        </div>
      )}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Verifying...' : 'Verify code'}
      </Button>
      <SecondaryActions>
        <Button type="button" $variant="ghost" onClick={onChangeEmail}>
          Change email
        </Button>
        {/* aria-disabled, not disabled: the button keeps its focus while it waits. */}
        <Button type="button" $variant="ghost" onClick={resend} aria-disabled={resendBlocked}>
          Resend code
        </Button>
      </SecondaryActions>
      <FormStatus role="status">
        {resendState.status === 'sent' && `A new code was sent to ${email}.`}
        {resendState.status === 'failed' && resendState.message}
      </FormStatus>
      {resendWait > 0 && (
        // Outside the live region: a screen reader is not read every second of the countdown.
        <FormStatus>
          You can resend the code in {resendWait} {resendWait === 1 ? 'second' : 'seconds'}.
        </FormStatus>
      )}
    </Form>
  );
}
