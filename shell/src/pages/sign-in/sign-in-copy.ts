export type SignInMode = 'login' | 'register';

/** The wording that differs between /login and /register (spec §2, §8). */
export const signInCopy = {
  login: {
    title: 'Welcome back',
    intro: 'Sign in with your email address. We will send you a 6-digit code, no password needed.',
    submit: 'Send login code',
    sendFailed: 'Failed to send login code',
    switchPrompt: "Don't have an account?",
    switchLabel: 'Create one',
  },
  register: {
    title: 'Create your account',
    intro: 'Join CarMarket to buy and sell cars. We will send you a 6-digit code, no password needed.',
    submit: 'Create account',
    sendFailed: 'Failed to create account',
    switchPrompt: 'Already have an account?',
    switchLabel: 'Log in',
  },
} as const;
