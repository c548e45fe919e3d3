import type { Interactive } from "./engine/actions.ts";
import type { BotWrite } from "../../tickets/server/bot.contract.ts";

/**
 * An engine menu as tickets stores interactive messages (messages-interactive.ts): a list
 * is a `listMessage` with one section, reply buttons an `interactiveMessage`. The text stays
 * the body, so a driver without them still sends the numbered menu.
 */
export function interactiveWrite(text: string, menu: Interactive): NonNullable<Extract<BotWrite, { type: "send" }>["interactive"]> {
  if (menu.kind === "list") {
    return {
      mediaType: "listMessage",
      data: {
        kind: "list",
        title: "",
        text,
        description: "",
        buttonText: menu.buttonText,
        sections: [{ title: "", rows: menu.rows.map((r) => ({ id: r.id, title: r.title, description: "" })) }],
      },
    };
  }
  return { mediaType: "interactiveMessage", data: { kind: "reply", title: "", text, buttons: menu.buttons.map((b) => ({ id: b.id, title: b.title })) } };
}
