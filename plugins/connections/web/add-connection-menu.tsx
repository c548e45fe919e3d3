import { Button, Intent, Menu, MenuItem, PopoverNext } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../web/src/session/session.ts";
import { CHANNEL_ICONS } from "./channel-icon.tsx";

export type AddChoice = "whatsapp" | "facebook" | "instagram" | "whatsappapi" | "api";

/** Each choice and the plan flag that allows it (spec 001 §2 'add menu'). */
const choices: { id: AddChoice; flag: "useWhatsapp" | "useFacebook" | "useInstagram" | "useExternalApi" }[] = [
  { id: "whatsapp", flag: "useWhatsapp" },
  { id: "facebook", flag: "useFacebook" },
  { id: "instagram", flag: "useInstagram" },
  { id: "whatsappapi", flag: "useWhatsapp" },
  { id: "api", flag: "useExternalApi" },
];

/** The add button: a menu of the channels the company's plan allows; absent when it allows none. */
export function AddConnectionMenu({ onChoose }: { onChoose: (choice: AddChoice) => void }) {
  const { t } = useTranslation("connections");
  const { planFlags } = useSession();
  const allowed = choices.filter((c) => planFlags[c.flag]);
  if (allowed.length === 0) return null;
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu aria-label={t("add")}>
          {allowed.map((c) => (
            <MenuItem key={c.id} icon={CHANNEL_ICONS[c.id].icon} text={t(`addMenu.${c.id}`)} onClick={() => onChoose(c.id)} />
          ))}
        </Menu>
      }
    >
      <Button intent={Intent.PRIMARY} icon="add" endIcon="caret-down" text={t("add")} />
    </PopoverNext>
  );
}
