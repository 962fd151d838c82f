import { describe, expect, it } from '@jest/globals';
import { refreshTokenPayloadSchema, signInEmailSchema, verifyCodeSchema } from './auth.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('signInEmailSchema', () => {
  it.each([
    ['', 'Email is required'],
    ['   ', 'Email is required'],
    [undefined, 'Email is required'],
    ['not-an-email', 'Invalid email'],
    ['a@b', 'Invalid email'],
  ])('email %p → %s', (email, message) => {
    expect(messages(signInEmailSchema.safeParse({ email }))).toEqual([message]);
  });

  it('trims and lower-cases the address so one person has one account', () => {
    expect(signInEmailSchema.parse({ email: '  Jane.Doe@Example.COM ' })).toEqual({
      email: 'jane.doe@example.com',
    });
  });
});

describe('verifyCodeSchema', () => {
  it.each([
    ['', 'Code is required'],
    [undefined, 'Code is required'],
    ['12345', 'Code must be 6 digits'],
    ['1234567', 'Code must be 6 digits'],
    ['12a456', 'Code must be 6 digits'],
    ['12 456', 'Code must be 6 digits'],
  ])('otp %p → %s', (otp, message) => {
    expect(messages(verifyCodeSchema.safeParse({ email: 'a@example.com', otp }))).toEqual([message]);
  });

  it('accepts six digits, including a leading zero, as a string', () => {
    expect(verifyCodeSchema.parse({ email: 'a@example.com', otp: '012345' }).otp).toBe('012345');
  });

  it('also validates the email', () => {
    expect(messages(verifyCodeSchema.safeParse({ email: '', otp: '123456' }))).toEqual(['Email is required']);
  });
});

describe('refreshTokenPayloadSchema', () => {
  it('requires a non-empty token', () => {
    expect(messages(refreshTokenPayloadSchema.safeParse({ refreshToken: '' }))).toEqual([
      'Refresh token is required',
    ]);
    expect(messages(refreshTokenPayloadSchema.safeParse({}))).toEqual(['Refresh token is required']);
    expect(refreshTokenPayloadSchema.parse({ refreshToken: 'abc' })).toEqual({ refreshToken: 'abc' });
  });
});
