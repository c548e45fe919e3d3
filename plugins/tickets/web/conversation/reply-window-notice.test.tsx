import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../../web/src/test/render.tsx";
import { replyWindowClosesAt } from "./message-rules.ts";
import { ReplyWindowNotice } from "./reply-window-notice.tsx";
import { convMessage, convTicket } from "./test-data.ts";
import ticketsPlugin from "../index.ts";

const show = (ui: React.ReactElement) => renderWithProviders(ui, { plugins: [ticketsPlugin] });

const HOUR = 60 * 60 * 1000;
const NOW = Date.parse("2026-11-22T12:00:00Z");
const at = (msAgo: number) => new Date(NOW - msAgo).toISOString();

describe("the 24-hour reply window", () => {
  it("closes 24 hours after the customer's newest message; own and private messages don't count", () => {
    const messages = [
      convMessage(1, { createdAt: at(30 * HOUR) }),
      convMessage(2, { createdAt: at(5 * HOUR) }),
      convMessage(3, { fromMe: true, createdAt: at(1 * HOUR) }),
      convMessage(4, { isPrivate: true, createdAt: at(0) }),
    ];
    expect(replyWindowClosesAt(messages)?.toISOString()).toBe(new Date(NOW - 5 * HOUR + 24 * HOUR).toISOString());
    expect(replyWindowClosesAt([convMessage(5, { fromMe: true })])).toBeNull();
  });

  it("says when the window closes on an Instagram ticket, and that it is closed after a day", () => {
    const { unmount } = show(<ReplyWindowNotice ticket={convTicket({ channel: "instagram" })} messages={[convMessage(1, { createdAt: at(2 * HOUR) })]} now={NOW} />);
    expect(screen.getByText(/Janela aberta até/)).toBeTruthy();
    unmount();
    show(<ReplyWindowNotice ticket={convTicket({ channel: "whatsappapi" })} messages={[convMessage(1, { createdAt: at(25 * HOUR) })]} now={NOW} />);
    expect(screen.getByText(/Janela fechada desde/)).toBeTruthy();
  });

  it("is absent on WhatsApp (Baileys) and on closed tickets", () => {
    const { container, unmount } = show(<ReplyWindowNotice ticket={convTicket({ channel: "whatsapp" })} messages={[]} now={NOW} />);
    expect(container.textContent).toBe("");
    unmount();
    const closed = show(<ReplyWindowNotice ticket={convTicket({ channel: "facebook", status: "closed" })} messages={[]} now={NOW} />);
    expect(closed.container.textContent).toBe("");
  });
});
