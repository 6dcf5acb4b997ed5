import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { findPasswordProblem, FULL_NAME_MAX, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_PATTERN } from '@spatia/contract';
import { maxCharactersRule } from './text-count';

/** Form rules shared by sign-up, sign-in, password reset, the profile page and phone binding. */

export const CODE_PATTERN = /^\d{6}$/;

export function phoneRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('validation.phoneRequired') },
    { pattern: PHONE_PATTERN, message: t('validation.phoneInvalid') },
  ];
}

export function codeRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('validation.codeRequired') },
    { pattern: CODE_PATTERN, message: t('validation.codeInvalid') },
  ];
}

/** The message for a password that breaks the rule of `findPasswordProblem`, or null when it is fine. */
export function passwordProblemMessage(t: TFunction, password: string): string | null {
  const problem = findPasswordProblem(password);
  if (!problem) return null;
  return t(`validation.password.${problem}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
}

/** For a password being chosen (sign-up, reset, change); signing in only requires one. */
export function newPasswordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('validation.passwordRequired') },
    {
      validator: async (_rule, value: unknown) => {
        if (typeof value !== 'string' || value === '') return;
        const message = passwordProblemMessage(t, value);
        if (message) throw new Error(message);
      },
    },
  ];
}

/** Repeat of the password in `field`. */
export function confirmPasswordRules(t: TFunction, field: string): FormRule[] {
  return [
    { required: true, message: t('validation.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (!value || getFieldValue(field) === value) return;
        throw new Error(t('validation.confirmMismatch'));
      },
    }),
  ];
}

export function fullNameRules(t: TFunction): FormRule[] {
  return [{ required: true, whitespace: true, message: t('validation.nameRequired') }, maxCharactersRule(t, FULL_NAME_MAX)];
}
