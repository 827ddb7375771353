import { errorKey, errorMessage } from '@lotus/contracts/errors';
import {
  fieldProblemMessage,
  type RegistrationFieldConfig,
  validateRegistrationField,
} from '@lotus/contracts/registration';
import { AppError } from '../../http/app-error.ts';

/**
 * Collects field problems with the shared validator (the same one the browser runs) and throws
 * request_param_err with `fieldErrors` (the message key, reg_pattern_<id> or validation.required)
 * and `fieldMessages` (the text in the caller's language, min/max filled in).
 */
export class FieldErrors {
  readonly keys: Record<string, string> = {};
  readonly messages: Record<string, string> = {};
  private readonly language: string;

  constructor(language: string) {
    this.language = language;
  }

  check(field: string, value: string | undefined, config: RegistrationFieldConfig | undefined): void {
    if (!config || this.keys[field]) return;
    const problem = validateRegistrationField(value, config);
    if (!problem) return;
    this.keys[field] = problem.key;
    this.messages[field] = fieldProblemMessage(problem, this.language);
  }

  /** A catalogue error attached to one field (password_not_match, phone_number_invalid, ...). */
  add(field: string, code: Parameters<typeof errorKey>[0]): void {
    if (this.keys[field]) return;
    this.keys[field] = errorKey(code);
    this.messages[field] = errorMessage(code, this.language);
  }

  get empty(): boolean {
    return Object.keys(this.keys).length === 0;
  }

  throwIfAny(): void {
    if (!this.empty) {
      throw new AppError('request_param_err', { fieldErrors: this.keys, fieldMessages: this.messages });
    }
  }
}

/** A config that makes a field always required (username, password, ... when shown). */
export function required(config: RegistrationFieldConfig): RegistrationFieldConfig {
  return { ...config, enabled: true, required: true };
}
