import { expect, type Locator, type Page } from '@playwright/test';

/** /login and /register: an email step, then a 6-digit code step (spec §2, §4). */
export class AuthPage {
  readonly emailInput: Locator;
  readonly sendCodeButton: Locator;
  readonly codeInput: Locator;
  readonly verifyButton: Locator;
  readonly changeEmailButton: Locator;
  readonly resendCodeButton: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.emailInput = main.getByLabel('Email address');
    this.sendCodeButton = main.getByRole('button', { name: /^(Send login code|Create account)$/ });
    this.codeInput = main.getByLabel('Verification code');
    this.verifyButton = main.getByRole('button', { name: 'Verify code' });
    this.changeEmailButton = main.getByRole('button', { name: 'Change email' });
    this.resendCodeButton = main.getByRole('button', { name: 'Resend code' });
  }

  async goto(path: '/login' | '/register') {
    await this.page.goto(path);
    await this.emailInput.waitFor();
  }

  async requestCode(email: string) {
    await this.emailInput.fill(email);
    await this.sendCodeButton.click();
    await expect(this.codeInput).toBeVisible();
  }

  async enterCode(code: string) {
    await this.codeInput.fill(code);
    await this.verifyButton.click();
  }
}
