import type { ErrorKey, FieldError, ValidationReason } from '@lending/contract';

/** A field's failure; with a reason, the answer words it in the caller's language. */
export interface ReasonedFieldError extends FieldError {
  reason?: ValidationReason;
}

export interface AppErrorParams {
  field?: string;
  detail?: string;
  /** Why a validation failed, worded in the caller's language instead of `detail`. */
  reason?: ValidationReason;
  /** Field-level failures a form can point at. */
  errors?: ReasonedFieldError[];
}

/** What services throw: a catalogue key (code, HTTP status, translated message) and its params. */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly params: AppErrorParams = {},
  ) {
    super(key);
    this.name = 'AppError';
  }

  /** A validation failure naming one field. */
  static invalid(field: string, detail: string): AppError {
    return new AppError('validationFailed', {
      field,
      detail,
      errors: [{ field, message: detail }],
    });
  }
}
