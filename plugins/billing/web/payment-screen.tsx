import { useEffect, useState } from "react";
import { AnchorButton, Button, Callout, Intent, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { QrImage } from "../../connections/web/public.ts";
import type { PaymentAnswer } from "./billing-api.ts";
import { formatMoney } from "./invoice-status.ts";

/** Spec 001 §9: the copy button's "copied" state resets after 1 s. */
export const COPIED_RESET_MS = 1000;

/**
 * What to pay with (spec 001 §2): the PIX QR code with its copy-and-paste text and a copy
 * button, and/or a link to the provider's payment page (card, Mercado Pago, Asaas).
 */
export function PaymentScreen({ payment }: { payment: PaymentAnswer }) {
  const { t, i18n } = useTranslation("billing");
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const code = payment.qrcode?.qrcode ?? "";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      // Without clipboard access (an insecure origin), the text stays selectable below.
    }
    setCopied(true);
  };
  // Only web addresses become links (an answer from outside never becomes `javascript:`).
  const candidate = payment.stripeURL ?? payment.mercadopagoURL ?? payment.asaasURL ?? payment.url;
  const link = candidate && /^https?:\/\//i.test(candidate) ? candidate : null;
  return (
    <div style={{ display: "grid", justifyItems: "center", gap: 12, textAlign: "center" }} data-testid="payment-screen">
      <p style={{ fontSize: 16, margin: 0 }}>
        {t("payment.amount")}: <strong>{formatMoney(payment.value, i18n.language)}</strong>
      </p>
      {code ? (
        <>
          <p style={{ margin: 0 }}>{t("payment.scan")}</p>
          <QrImage value={code} size={240} label={t("payment.qrLabel")} />
          <TextArea
            readOnly
            value={code}
            aria-label={t("payment.copyPaste")}
            fill
            style={{ fontFamily: "monospace", fontSize: 12, minHeight: 72 }}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button
            icon={copied ? "tick" : "duplicate"}
            intent={copied ? Intent.SUCCESS : Intent.PRIMARY}
            text={copied ? t("payment.copied") : t("payment.copy")}
            onClick={() => void copy()}
          />
        </>
      ) : null}
      {link ? (
        <AnchorButton
          icon="share"
          intent={code ? Intent.NONE : Intent.PRIMARY}
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          text={t(`payment.link.${payment.provider}`)}
        />
      ) : null}
      <Callout intent={Intent.PRIMARY} icon="time">
        {t("payment.waiting")}
      </Callout>
    </div>
  );
}
