import { ERROR_CODES, type ErrorCode, type FieldErrors } from '@carpool/contracts';

/** The one error type of the mock API. The error handler writes it in the provider's format. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors: FieldErrors | undefined;
  /** Some provider codes come as a list (`errors.error: ["user_has_reach_request_limit"]`). */
  readonly asList: boolean;
  /** The provider's `errors` exactly as it writes them (`{conversation_id: "..."}`); null leaves `errors` out. */
  readonly rawErrors: Record<string, string | string[]> | null | undefined;
  /** Sent as Retry-After (429 answers). */
  readonly retryAfterSeconds: number | undefined;
  /** The code also at the top level (`error`), as the provider's login 401 writes it. */
  readonly topLevelCode: boolean;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      fieldErrors?: FieldErrors;
      asList?: boolean;
      status?: number;
      errors?: Record<string, string | string[]> | null;
      retryAfterSeconds?: number;
      topLevelCode?: boolean;
    } = {},
  ) {
    super(options.message ?? code);
    this.code = code;
    this.status = options.status ?? ERROR_CODES[code];
    this.fieldErrors = options.fieldErrors;
    this.asList = options.asList ?? false;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.rawErrors = options.errors;
    this.topLevelCode = options.topLevelCode ?? false;
  }

  /** Laravel-style field validation failure (422 with `errors.<field>: [...]`). */
  static fields(fieldErrors: FieldErrors, message = 'The given data was invalid.'): AppError {
    return new AppError('validation_failed', { message, fieldErrors });
  }

  toBody() {
    if (this.topLevelCode) return { error: this.code, ...this.providerBody() };
    return this.providerBody();
  }

  private providerBody() {
    if (this.rawErrors === null) return { message: this.message };
    if (this.rawErrors) return { message: this.message, errors: this.rawErrors };
    if (this.fieldErrors) return { message: this.message, errors: this.fieldErrors };
    return { message: this.message, errors: { error: this.asList ? [this.code] : this.code } };
  }
}
