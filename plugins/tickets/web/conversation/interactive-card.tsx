import { Button, Card, Icon, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastInfo, toastSuccess, toastWarning } from "../../../../web/src/ui/toast.ts";
import { formatCents } from "./message-rules.ts";

type Data = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

interface ButtonSpec {
  /** quick_reply, cta_copy, cta_url, cta_call (spec 000 §9). */
  type: string;
  text: string;
  value: string;
}

/** The buttons of an interactive message: an explicit `buttons` list, else the single button its kind implies. */
export function buttonsOf(data: Data): ButtonSpec[] {
  if (Array.isArray(data.buttons)) {
    return (data.buttons as Data[]).map((b) => ({
      type: str(b.type) || "quick_reply",
      text: str(b.text ?? b.title ?? b.display_text ?? b.buttonText),
      value: str(b.url ?? b.copyText ?? b.copy_code ?? b.phoneNumber ?? b.phone_number ?? b.id),
    }));
  }
  const text = str(data.buttonText);
  if ("url" in data) return [{ type: "cta_url", text, value: str(data.url) }];
  if ("copyText" in data) return [{ type: "cta_copy", text, value: str(data.copyText) }];
  if ("phoneNumber" in data) return [{ type: "cta_call", text, value: str(data.phoneNumber) }];
  return [];
}

/** What pressing a button of a card does in the workspace (nothing is sent to the customer). */
async function press(button: ButtonSpec, t: (k: string) => string) {
  if (button.type === "cta_copy") {
    if (!button.value) return toastWarning(t("conversation.cards.nothingToCopy"));
    await navigator.clipboard?.writeText(button.value);
    return toastSuccess(t("conversation.cards.copied"));
  }
  if (button.type === "cta_url") {
    if (!button.value) return toastWarning(t("conversation.cards.noLink"));
    window.open(button.value, "_blank", "noopener,noreferrer");
    return;
  }
  if (button.type === "cta_call") return toastInfo(t("conversation.cards.noCalls"));
  // A quick reply is the customer's to press; choosing one here is only logged (spec 000 §8).
  console.info("quick reply option pressed in the workspace", button.text);
}

/** A PIX charge: the server's `pix` block ({ amount, keyType, key, merchantName }), or the send payload's fields. */
function PixCard({ data }: { data: Data }) {
  const { t } = useTranslation("tickets");
  const pix = (data.pix && typeof data.pix === "object" ? data.pix : {}) as Data;
  const amount = pix.amount ?? data.sendvalue;
  const keyType = str(pix.keyType ?? data.sendkey_type);
  const key = str(pix.key ?? data.sendKey);
  const merchant = str(pix.merchantName ?? data.sendmerchant_name);
  return (
    <Card compact className="msg-card msg-card-pix">
      <div className="msg-card-title">
        <Icon icon="bank-account" /> {t("conversation.cards.pix")}
      </div>
      {str(data.text) ? <div className="msg-card-text">{str(data.text)}</div> : null}
      <div className="msg-card-amount">{formatCents(amount)}</div>
      {merchant ? <div>{merchant}</div> : null}
      <div>
        <Tag minimal>{keyType}</Tag> {key}
      </div>
      <Button size="small" icon="duplicate" text={t("conversation.cards.copyKey")} onClick={() => void press({ type: "cta_copy", text: "", value: key }, t)} />
    </Card>
  );
}

function ListCard({ data }: { data: Data }) {
  const { t } = useTranslation("tickets");
  const sections = Array.isArray(data.sections) ? (data.sections as Data[]) : [];
  return (
    <Card compact className="msg-card msg-card-list">
      {str(data.title) ? <div className="msg-card-title">{str(data.title)}</div> : null}
      {str(data.text ?? data.description) ? <div className="msg-card-text">{str(data.text ?? data.description)}</div> : null}
      {sections.map((section, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a received message's fixed payload, never reordered; sections carry no id of their own.
        <div key={i} className="msg-card-section">
          {str(section.title) ? <div className="msg-card-section-title">{str(section.title)}</div> : null}
          <ul>
            {(Array.isArray(section.rows) ? (section.rows as Data[]) : []).map((row, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a received message's fixed payload, never reordered; row ids are optional and may repeat.
              <li key={j}>
                {str(row.title)}
                {str(row.description) ? <small> — {str(row.description)}</small> : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {str(data.buttonText) ? (
        <Tag minimal icon="properties">
          {str(data.buttonText)}
        </Tag>
      ) : (
        <Tag minimal icon="properties">
          {t("conversation.cards.list")}
        </Tag>
      )}
    </Card>
  );
}

function ButtonsCard({ data }: { data: Data }) {
  const { t } = useTranslation("tickets");
  const buttons = buttonsOf(data);
  return (
    <Card compact className="msg-card msg-card-buttons">
      {str(data.title) ? <div className="msg-card-title">{str(data.title)}</div> : null}
      {str(data.text ?? data.description) ? <div className="msg-card-text">{str(data.text ?? data.description)}</div> : null}
      <div className="msg-card-actions">
        {buttons.map((b, i) => (
          <Button
            // biome-ignore lint/suspicious/noArrayIndexKey: a received message's fixed payload, never reordered; buttons carry no guaranteed id.
            key={i}
            size="small"
            variant="outlined"
            icon={b.type === "cta_url" ? "link" : b.type === "cta_copy" ? "duplicate" : b.type === "cta_call" ? "phone" : "circle-arrow-right"}
            text={b.text || b.value}
            onClick={() => void press(b, t)}
          />
        ))}
      </div>
    </Card>
  );
}

/** List, buttons and PIX messages (spec 000 §2 cards; PIX amounts are cents shown in BRL). */
export function InteractiveCard({ data }: { data: Data }) {
  if (data.kind === "pix" || "sendvalue" in data || "sendKey" in data) return <PixCard data={data} />;
  if (Array.isArray(data.sections)) return <ListCard data={data} />;
  return <ButtonsCard data={data} />;
}
