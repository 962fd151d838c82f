import { routes } from '@carmarket/shared';
import { Card, PageContainer } from '@carmarket/shared/ui';
import { useState } from 'react';
import { Link, useLocation } from '@carmarket/shared/router';
import { CodeStep } from './code-step';
import { EmailStep } from './email-step';
import { Narrow, Switch, Terms } from './sign-in-layout';
import { signInCopy, type SignInMode } from './sign-in-copy';

/**
 * /login and /register (spec §2, §4): email, then the 6-digit code mailed to it. Both steps live in
 * one page so 'Change email' returns to the address already typed.
 */
export default function SignInPage({ mode }: { mode: SignInMode }) {
  const copy = signInCopy[mode];
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<'email' | 'code'>('email');

  return (
    <PageContainer>
      <Narrow>
        <Card>
          <h1>{step === 'email' ? copy.title : 'Check your email'}</h1>
          {step === 'email' ? (
            <>
              <p>{copy.intro}</p>
              <EmailStep
                mode={mode}
                defaultEmail={email}
                onCodeSent={(sentTo) => {
                  setEmail(sentTo);
                  setStep('code');
                }}
              />
              {mode === 'register' && (
                <Terms>
                  By creating an account, you agree to our Terms of Service and Privacy Policy, and to receive
                  email communications about your account.
                </Terms>
              )}
            </>
          ) : (
            <CodeStep mode={mode} email={email} onChangeEmail={() => setStep('email')} />
          )}
          <Switch>
            {copy.switchPrompt}{' '}
            {/* Keeps the page a protected route sent the guest from, whichever form they finish. */}
            <Link to={mode === 'login' ? routes.register : routes.login} state={location.state}>
              {copy.switchLabel}
            </Link>
          </Switch>
        </Card>
      </Narrow>
    </PageContainer>
  );
}
