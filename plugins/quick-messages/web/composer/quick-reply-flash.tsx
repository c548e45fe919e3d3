import { useEffect, useMemo, useState, type KeyboardEvent } from "react";
import { Icon, Menu, MenuItem } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { api } from "../../../../web/src/api/api.ts";
import { useCompanyEvent } from "../../../../web/src/realtime/realtime.ts";
import { useAppDispatch } from "../../../../web/src/store/store.ts";
import { previewText, useGetQuickMessageListQuery, type QuickMessage } from "../quick-messages-api.ts";

/** What follows a "/" typed at the start of a one-line message, or null when the flash is not asked for. */
export function quickReplyQuery(text: string): string | null {
  return text.startsWith("/") && !text.includes("\n") ? text.slice(1) : null;
}

/** The quick messages whose shortcode or text contains the query (case-insensitive); shortcode matches first. */
export function matchQuickMessages(list: readonly QuickMessage[], query: string): QuickMessage[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...list];
  const byCode = list.filter((m) => m.shortcode.toLowerCase().includes(q));
  const byText = list.filter((m) => !byCode.includes(m) && m.message.toLowerCase().includes(q));
  return [...byCode, ...byText];
}

/**
 * The state of the composer's quick-reply flash (spec 000 §2): typing "/" at the start
 * opens a menu of GET /quick-messages/list filtered by what follows the slash; arrows
 * move, Enter (or a click) picks, Escape closes. The list is fetched on the first "/" and
 * refreshed when `company-{id}-quickemessage` announces a change.
 */
export function useQuickReplyFlash(text: string, onPick: (message: QuickMessage) => void) {
  const dispatch = useAppDispatch();
  const query = quickReplyQuery(text);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(0);
  const { currentData } = useGetQuickMessageListQuery(undefined, { skip: query === null });
  const items = useMemo(() => (query === null || !currentData ? [] : matchQuickMessages(currentData, query)), [currentData, query]);
  const open = !dismissed && items.length > 0;

  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    if (query === null) setDismissed(false);
  }, [query]);
  useCompanyEvent("quickemessage", () => dispatch(api.util.invalidateTags(["QuickMessageList" as never])));

  const pick = (message: QuickMessage) => {
    setDismissed(true);
    onPick(message);
  };

  /** Handles the composer's key when the flash is open; true when the key was the flash's. */
  const onKeyDown = (e: KeyboardEvent<HTMLElement>): boolean => {
    if (!open) return false;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + items.length) % items.length);
      return true;
    }
    if ((e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) || e.key === "Tab") {
      e.preventDefault();
      const chosen = items[Math.min(active, items.length - 1)];
      if (chosen) pick(chosen);
      return true;
    }
    if (e.key === "Escape") {
      e.preventDefault();
      setDismissed(true);
      return true;
    }
    return false;
  };

  return { open, items, active, pick, onKeyDown };
}

export type QuickReplyFlashState = ReturnType<typeof useQuickReplyFlash>;

/** The menu itself: each entry shows "/shortcode", the message cut at 90 characters and a clip when it has an attachment. */
export function QuickReplyFlash({ open, items, active, pick }: QuickReplyFlashState) {
  const { t } = useTranslation("quick-messages");
  if (!open) return null;
  return (
    <div className="quick-reply-flash" style={{ borderTop: "1px solid var(--app-border)", padding: "4px 8px" }}>
      <Menu aria-label={t("quickReplies.label")} style={{ maxHeight: 240, overflowY: "auto" }}>
        {items.map((m, i) => (
          <MenuItem
            key={m.id}
            active={i === active}
            // keep the focus in the composer while clicking
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(m)}
            labelElement={m.mediaName ? <Icon icon="paperclip" title={t("quickReplies.attachment", { name: m.mediaName })} /> : undefined}
            text={
              <span>
                <strong>/{m.shortcode}</strong> <span className="quick-reply-preview">{previewText(m.message)}</span>
              </span>
            }
          />
        ))}
      </Menu>
    </div>
  );
}
