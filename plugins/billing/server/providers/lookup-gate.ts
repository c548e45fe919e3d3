import { FailureLimiter } from "../../../../core/auth/rate-limit.ts";
import { AppError } from "../../../../core/errors.ts";

/** Look-ups one payment id may cause per window (Mercado Pago notifies a payment a few times: created, updated). */
export const LOOKUPS_PER_PAYMENT = 3;
export const PER_PAYMENT_WINDOW_MS = 10 * 60_000;
/** Look-ups all unsigned notifications together may cause per window, on one node. */
export const LOOKUPS_OVERALL = 30;
export const OVERALL_WINDOW_MS = 60_000;

/**
 * Bounds the calls an unauthenticated notification can make us send to a provider with the
 * operator's token (issue 32: without Mercado Pago's webhook secret, anyone could make the
 * server call Mercado Pago once per request). Each look-up counts against its payment id and
 * against everyone; over either bound the notification is refused with ERR_TOO_MANY_ATTEMPTS
 * (429) before any call, and the provider, which retries a notification that was not accepted,
 * delivers it again later. In memory per node, like the login limiter: a restart forgetting
 * the counts is harmless.
 */
export class LookupGate {
  private perPayment = new FailureLimiter(LOOKUPS_PER_PAYMENT, PER_PAYMENT_WINDOW_MS);
  private overall = new FailureLimiter(LOOKUPS_OVERALL, OVERALL_WINDOW_MS);

  /** Counts one look-up of `paymentId`, or throws ERR_TOO_MANY_ATTEMPTS when it would pass a bound. */
  take(paymentId: string): void {
    if (this.perPayment.blocked(paymentId) || this.overall.blocked("all")) throw new AppError("ERR_TOO_MANY_ATTEMPTS");
    this.perPayment.fail(paymentId);
    this.overall.fail("all");
  }
}
