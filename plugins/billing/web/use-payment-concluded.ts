import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { saveSessionLocals } from "../../../web/src/session/local-keys.ts";
import { userUpdated } from "../../../web/src/session/session-slice.ts";
import { useAppDispatch, useAppSelector } from "../../../web/src/store/store.ts";
import { formatDate, toastSuccess } from "../../../web/src/ui/index.ts";
import type { PaymentEvent } from "./billing-api.ts";

/** Spec 001 §9: after the renewal message the page goes home in 4 s. */
export const RENEWAL_REDIRECT_MS = 4000;

/**
 * Listens to `company-{id}-payment`: on `CONCLUIDA` it says 'Sua licença foi renovada até
 * {date}!', puts the new due date in the session (so the shell lifts the expired-company
 * limits at once) and goes to / after 4 s.
 */
export function usePaymentConcluded(onConcluded?: (event: PaymentEvent) => void): void {
  const { t } = useTranslation("billing");
  const dispatch = useAppDispatch();
  const session = useAppSelector((s) => s.session);
  const [, navigate] = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);

  useCompanyEvent("payment", (payload) => {
    const event = payload as PaymentEvent;
    if (event?.action !== "CONCLUIDA") return;
    const dueDate = event.company?.dueDate ?? null;
    toastSuccess(t("payment.renewed", { date: formatDate(dueDate) }));
    const user = session.user;
    if (user?.company) {
      const company = { ...user.company, dueDate };
      dispatch(userUpdated({ company }));
      if (session.token) saveSessionLocals(session.token, { ...user, company });
    }
    onConcluded?.(event);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate("/"), RENEWAL_REDIRECT_MS);
  });
}
