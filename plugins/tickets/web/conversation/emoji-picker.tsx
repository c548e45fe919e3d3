import { Button, PopoverNext } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";

/** A small hand-picked set: enough for everyday replies without an emoji library. */
export const EMOJIS = [
  "😀",
  "😁",
  "😂",
  "🤣",
  "😊",
  "😇",
  "🙂",
  "😉",
  "😍",
  "😘",
  "😎",
  "🤩",
  "🤔",
  "😐",
  "😅",
  "😬",
  "🙄",
  "😴",
  "😢",
  "😭",
  "😡",
  "😱",
  "🤗",
  "🤝",
  "👍",
  "👎",
  "👏",
  "🙏",
  "👋",
  "👌",
  "✌️",
  "💪",
  "👀",
  "🎉",
  "🎁",
  "🔥",
  "❤️",
  "💙",
  "💚",
  "💛",
  "💜",
  "🖤",
  "✅",
  "❌",
  "⚠️",
  "⭐",
  "💡",
  "📌",
  "📞",
  "📱",
  "💬",
  "📧",
  "📅",
  "⏰",
  "🚚",
  "📦",
  "💰",
  "💳",
  "🛒",
  "🏠",
];

/** The composer's emoji button: a grid in a popover; a click inserts the emoji. */
export function EmojiPicker({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const { t } = useTranslation("tickets");
  return (
    <PopoverNext
      placement="top-start"
      disabled={disabled}
      content={
        <fieldset className="emoji-grid" aria-label={t("conversation.composer.emoji")}>
          {EMOJIS.map((e) => (
            <button key={e} type="button" className="emoji-cell" onClick={() => onPick(e)} aria-label={e}>
              {e}
            </button>
          ))}
        </fieldset>
      }
    >
      <Button variant="minimal" icon="emoji" disabled={disabled} aria-label={t("conversation.composer.emoji")} title={t("conversation.composer.emoji")} />
    </PopoverNext>
  );
}
