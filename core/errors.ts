/**
 * One error type for the whole server. Every failure a client can see carries a
 * machine-readable code from the spec's catalogue (`ERR_*`), mapped centrally to
 * an HTTP status, and is rendered as `{ "error": "ERR_..." }` plus optional detail.
 *
 * @example
 *   throw new AppError("ERR_NO_TICKET_FOUND");
 *   throw new AppError("ERR_VALIDATION", { fields: { name: "Too Short!" } });
 */
export const errorStatus = {
  // spec catalogue
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_NO_DEF_WAPP_FOUND: 404,
  ERR_WAPP_NOT_INITIALIZED: 400,
  ERR_WAPP_CHECK_CONTACT: 400,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 400,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_SENDING_WAPP_MSG: 400,
  ERR_DELETE_WAPP_MSG: 400,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_SESSION_EXPIRED: 401,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_NO_PERMISSION: 403,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_CREATING_MESSAGE: 400,
  ERR_CREATING_TICKET: 400,
  ERR_FETCH_WAPP_MSG: 400,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_WAPP_GREETING_REQUIRED: 400,
  ERR_OUT_OF_HOURS: 403,
  // kernel codes the spec leaves to us ("not shown"), named in the same style
  ERR_VALIDATION: 400,
  ERR_INVALID_TOKEN: 403,
  ERR_NOT_FOUND: 404,
  ERR_PLAN_FEATURE_DISABLED: 403,
  /** The company's due date is not after today: only sign-in, session and billing routes answer (spec 001 §4). */
  ERR_SUBSCRIPTION_EXPIRED: 402,
  /** The company is disabled (`status` false): its people cannot sign in and their tokens are refused. */
  ERR_COMPANY_INACTIVE: 403,
  /** A channel's company is disabled: nothing is stored; 503 so the provider or integrator retries later. */
  ERR_CHANNEL_PAUSED: 503,
  ERR_TOO_MANY_ATTEMPTS: 429,
  ERR_PAYLOAD_TOO_LARGE: 413,
  ERR_UNSUPPORTED_MEDIA_TYPE: 415,
  ERR_DUPLICATED_NAME: 409,
  ERR_DUPLICATED_EMAIL: 409,
  ERR_PLAN_LIMIT_USERS: 403,
  ERR_PLAN_LIMIT_CONNECTIONS: 403,
  ERR_PLAN_LIMIT_QUEUES: 403,
  ERR_PLAN_IN_USE: 409,
  ERR_NO_COMPANY_FOUND: 404,
  ERR_NO_PLAN_FOUND: 404,
  ERR_EMAIL_NOT_FOUND: 404,
  ERR_INVALID_RESET_CODE: 400,
  ERR_MAIL_NOT_CONFIGURED: 503,
  ERR_CANNOT_DELETE_SELF: 400,
  ERR_PROTECTED_RECORD: 403,
  ERR_INTERNAL: 500,
  /** A message edit after the 15-minute window (spec 000 §4, §9). */
  ERR_EDIT_WINDOW_EXPIRED: 400,
  /** Facebook, Instagram and the WhatsApp Cloud API accept replies only within 24 hours of the customer's last message. */
  ERR_REPLY_WINDOW_CLOSED: 400,
  /** The channel cannot do this (Meta's channels cannot edit or delete a sent message). */
  ERR_CHANNEL_UNSUPPORTED: 400,
  /** The configured speech-to-text service failed or answered something unexpected. */
  ERR_TRANSCRIPTION_FAILED: 502,
  /** An outside service the call needs (Meta's Graph API, ...) could not be reached or failed: try again later. */
  ERR_UPSTREAM_UNAVAILABLE: 502,
  // Resolving a ticket while requiredTag is enabled and the contact has no tag (spec 000 §5).
  ERR_TAG_REQUIRED: 400,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export type ErrorDetail = {
  /** Field name -> human message (the spec's wording where it gives one). */
  fields?: Record<string, string>;
  /** Free-form extra data a client may need (e.g. the conflicting ticket). */
  [key: string]: unknown;
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail: ErrorDetail = {},
  ) {
    super(code);
    this.name = "AppError";
    this.status = errorStatus[code];
  }

  toJSON(): Record<string, unknown> {
    return { error: this.code, ...this.detail };
  }
}

/** Throws ERR_* `code` unless `condition` holds; keeps guard clauses one line long. */
export function ensure(condition: unknown, code: ErrorCode, detail?: ErrorDetail): asserts condition {
  if (!condition) throw new AppError(code, detail);
}
