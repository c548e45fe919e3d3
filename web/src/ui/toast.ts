import { Intent, OverlayToaster, Position, type IconName, type Toaster } from "@blueprintjs/core";
import { i18n } from "../i18n/i18n.ts";

/** Toasts close after 2 seconds (spec 000 §9). */
export const TOAST_TIMEOUT_MS = 2000;

let toaster: Promise<Toaster> | null = null;
function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4 });
  return toaster;
}

function show(message: string, intent: Intent, icon: IconName, timeout = TOAST_TIMEOUT_MS): void {
  // The message is the key: the same failure reported by several calls shows once.
  void getToaster().then((t) => t.show({ message, intent, icon, timeout }, `${intent}:${message}`));
}

const asRecord = (v: unknown): Record<string, unknown> | null => (v && typeof v === "object" ? (v as Record<string, unknown>) : null);

/**
 * The spec's shared error text (000 §8): the translation of the answer's error code if
 * there is one, else the raw code, else the error's text if it is a string, else
 * 'An error occurred!' (translated). Reads RTK Query errors (`{ status, data }`),
 * fetch-style errors (`{ response: { data } }`), bodies (`{ error }`), Errors and strings.
 */
export function errorMessage(err: unknown): string {
  const outer = asRecord(err);
  const body = outer && "data" in outer ? outer.data : (asRecord(outer?.response)?.data ?? err);
  const data = asRecord(body);
  const code = typeof data?.error === "string" && data.error ? data.error : undefined;
  if (code) return i18n.exists(`errors.${code}`, { ns: "common" }) ? i18n.t(`errors.${code}`, { ns: "common" }) : code;
  if (typeof body === "string" && body) return body;
  if (typeof data?.message === "string" && data.message) return data.message;
  if (typeof outer?.error === "string" && outer.error) return outer.error;
  if (typeof err === "string" && err) return err;
  if (err instanceof Error && err.message) return err.message;
  return i18n.t("errors.generic", { ns: "common" });
}

/** Shows the shared error toast for any failure. */
export function toastError(err: unknown): void {
  show(errorMessage(err), Intent.DANGER, "error");
}

export function toastSuccess(message: string): void {
  show(message, Intent.SUCCESS, "tick-circle");
}

export function toastWarning(message: string, timeout?: number): void {
  show(message, Intent.WARNING, "warning-sign", timeout);
}

export function toastInfo(message: string, timeout?: number): void {
  show(message, Intent.PRIMARY, "info-sign", timeout);
}

/** Removes every toast (tests, logout). */
export function clearToasts(): void {
  if (toaster) void toaster.then((t) => t.clear());
}
