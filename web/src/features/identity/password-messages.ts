import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH_STATED,
  passwordProblem,
  repeatProblem,
} from '@ecore/core/identity/password.ts';

/** A catalogue key with its values, ready for `t(key, values)`. */
export interface TextRef {
  key: string;
  values?: Record<string, number>;
}

/**
 * The text for the first problem of a new password (core passwordProblem, spec 01 §5). The length
 * text names the stated minimum of 8, as the page does, although 6 are the enforced lower limit.
 */
export const passwordProblemText = (password: string): TextRef | null => {
  switch (passwordProblem(password)) {
    case null:
      return null;
    case 'required':
      return { key: 'errors.validation-required' };
    case 'minLength':
      return { key: 'errors.validation-min-length', values: { n: PASSWORD_MIN_LENGTH_STATED } };
    case 'maxLength':
      return { key: 'errors.validation-max-length', values: { n: PASSWORD_MAX_LENGTH } };
    case 'letterAndNumber':
      return { key: 'errors.validation-password-content' };
    case 'common':
      return { key: 'errors.validation-password-common' };
  }
};

export const repeatProblemText = (password: string, repeat: string): TextRef | null => {
  switch (repeatProblem(password, repeat)) {
    case null:
      return null;
    case 'required':
      return { key: 'errors.validation-required' };
    case 'notIdentical':
      return { key: 'errors.validation-password-repeat' };
  }
};
