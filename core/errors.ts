/**
 * One error type for the whole server. Every failure a client can see carries a
 * machine-readable code (`ERR_*`), mapped centrally to an HTTP status, and is rendered
 * as `{ "error": "ERR_..." }` plus optional detail. The kernel declares only the codes
 * below; each plugin declares the codes it raises in its manifest (`errors`) and types
 * them by merging into `ErrorCodes`, as `ServiceMap` grows:
 *
 * @example
 *   // plugins/tickets/plugin.ts
 *   export const manifest = definePlugin({ id: "tickets", errors: { ERR_NO_TICKET_FOUND: 404 } });
 *   declare module "../../core/errors.ts" {
 *     interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
 *   }
 *   // anywhere in the plugin
 *   throw new AppError("ERR_NO_TICKET_FOUND");
 *   throw new AppError("ERR_VALIDATION", { fields: { name: "Too Short!" } });
 */
export const kernelErrors = {
  // raised by the kernel itself (core/): sessions, validation, permissions, plan gating, payloads
  ERR_INVALID_CREDENTIALS: 401,
  ERR_SESSION_EXPIRED: 401,
  ERR_NO_PERMISSION: 403,
  /** Sign-in outside the work hours set on the user (startWork–endWork). */
  ERR_OUT_OF_HOURS: 403,
  ERR_VALIDATION: 400,
  ERR_INVALID_TOKEN: 403,
  ERR_NOT_FOUND: 404,
  ERR_PLAN_FEATURE_DISABLED: 403,
  /** The company's due date is not after today: only sign-in, session and billing routes answer (spec 001 §4). */
  ERR_SUBSCRIPTION_EXPIRED: 402,
  /** The company is disabled (`status` false): its people cannot sign in and their tokens are refused. */
  ERR_COMPANY_INACTIVE: 403,
  ERR_TOO_MANY_ATTEMPTS: 429,
  ERR_PAYLOAD_TOO_LARGE: 413,
  ERR_UNSUPPORTED_MEDIA_TYPE: 415,
  ERR_MAIL_NOT_CONFIGURED: 503,
  /** The database server kept ending the write's transaction (a libSQL server under contention): nothing stored; `Retry-After` says when to send it again. */
  ERR_DATABASE_BUSY: 503,
  ERR_INTERNAL: 500,
} as const;

/**
 * Generic codes several plugins raise about what the kernel owns (users, companies,
 * settings) or about any outside party, so no one plugin is their home. A code only
 * one feature means belongs in that plugin's manifest (tests/architecture/error-codes.test.ts).
 */
export const sharedErrors = {
  /** A channel's company is disabled: nothing is stored; 503 so the provider or integrator retries later. */
  ERR_CHANNEL_PAUSED: 503,
  /** An outside service the call needs (Meta's Graph API, ...) could not be reached or failed: try again later. */
  ERR_UPSTREAM_UNAVAILABLE: 502,
  ERR_DUPLICATED_NAME: 409,
  ERR_DUPLICATED_EMAIL: 409,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_COMPANY_FOUND: 404,
  ERR_NO_SETTING_FOUND: 404,
  ERR_CANNOT_DELETE_SELF: 400,
  ERR_PROTECTED_RECORD: 403,
} as const;

/** The HTTP statuses an error code may map to. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/** A manifest's `errors`: each code the plugin raises, with its status. */
export type ErrorDeclarations = Readonly<Record<`ERR_${string}`, ErrorStatus>>;

/** Every code `AppError` accepts: the kernel's, plus those plugins merge in. */
export interface ErrorCodes extends Record<keyof typeof kernelErrors | keyof typeof sharedErrors, true> {}

export type ErrorCode = keyof ErrorCodes & string;

/** The codes a manifest declares, as the `ErrorCodes` entries its plugin merges in (see the example above). */
export type DeclaredErrors<M> = M extends { errors: infer E } ? { [K in keyof E]: true } : Record<never, never>;

/** code -> status and who declared it; the kernel's codes now, plugins' codes at boot. */
const registry = new Map<string, { status: number; owner: string }>(
  Object.entries({ ...kernelErrors, ...sharedErrors }).map(([code, status]) => [code, { status, owner: "kernel" }]),
);

/**
 * Registers the codes installed plugins declare (the kernel does it at boot, before any
 * setup). A code declared twice with different statuses stops the boot, naming both
 * declarers; the same status twice is fine (two plugins raising one code).
 * @example
 *   registerErrorCodes([{ owner: "tickets", errors: { ERR_NO_TICKET_FOUND: 404 } }]);
 */
export function registerErrorCodes(declarations: readonly { owner: string; errors?: ErrorDeclarations }[]): void {
  const pending = new Map(registry);
  for (const { owner, errors } of declarations)
    for (const [code, status] of Object.entries(errors ?? {})) {
      const known = pending.get(code);
      if (!known) pending.set(code, { status, owner });
      else if (known.status !== status) throw new Error(`Error code ${code} is declared by "${known.owner}" as ${known.status} and by "${owner}" as ${status}`);
    }
  for (const [code, entry] of pending) registry.set(code, entry);
}

/** The status of a registered code; undefined for a code no installed plugin declares. */
export function errorStatusOf(code: string): number | undefined {
  return registry.get(code)?.status;
}

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
    // An undeclared code is a programming error: answered as a 500 (and logged where rendered), never a crash.
    this.status = errorStatusOf(code) ?? 500;
  }

  toJSON(): Record<string, unknown> {
    return { error: this.code, ...this.detail };
  }
}

/** Throws ERR_* `code` unless `condition` holds; keeps guard clauses one line long. */
export function ensure(condition: unknown, code: ErrorCode, detail?: ErrorDetail): asserts condition {
  if (!condition) throw new AppError(code, detail);
}
