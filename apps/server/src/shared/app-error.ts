import type { ErrorKey, FieldError } from '@lending/contract';

export interface AppErrorParams {
  field?: string;
  detail?: string;
  /** Field-level failures a form can point at. */
  errors?: FieldError[];
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
