import { useEffect } from "react";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { ticketView } from "./actions/test-data.ts";
import { TicketHeader } from "./actions/ticket-header.tsx";
import { Composer } from "./conversation/composer.tsx";
import { ContactDrawer } from "./drawer/contact-drawer.tsx";
import ticketsPlugin from "./index.ts";
import { TicketListItem } from "./list/ticket-list-item.tsx";
import type { ComposerToolProps } from "./public.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn(), clearToasts: vi.fn() }));

/** A scratch tool: shows the text, fills it, attaches a file, and keeps Enter for itself while the text is "/hold". */
function ScratchTool({ ticket, text, setText, attachFiles, registerKeyHandler, disabled }: ComposerToolProps) {
  useEffect(() => registerKeyHandler((e) => e.key === "Enter" && text === "/hold"), [registerKeyHandler, text]);
  return (
    <div data-testid="scratch-tool">
      tool for #{ticket.id}: [{text}] {disabled ? "disabled" : "enabled"}
      <button type="button" onClick={() => setText("from the tool")}>
        fill
      </button>
      <button type="button" onClick={() => attachFiles([new File(["x"], "scratch.txt", { type: "text/plain" })])}>
        attach
      </button>
    </div>
  );
}

/** The scratch plugin: one contribution in each zone of the ticket workspace, built from its web entry only. */
const scratch = defineWebPlugin({
  manifest: { id: "scratch" },
  zones: {
    "tickets.headerActions": [({ ticket }) => <button type="button">scratch action #{ticket.id}</button>],
    "tickets.composerTools": [ScratchTool],
    "tickets.drawerSections": [
      { component: ({ ticket, isOpen }) => <section aria-label="scratch section">{`contact ${ticket.contactId} ${isOpen ? "open" : "closed"}`}</section>, order: 30 },
    ],
    "tickets.listItemBadges": [({ ticket }) => <span data-testid="scratch-badge">{ticket.uuid}</span>],
  },
  translations: { pt: {}, en: {}, es: {}, tr: {} },
});
const plugins = [ticketsPlugin, scratch];

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi({
    "GET /tags/list": () => ({ body: [] }),
    "GET /ticket-notes/list": () => ({ body: [] }),
    "POST /messages/41": () => ({ body: {} }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe("ticket workspace zones: happy", () => {
  it("tickets.headerActions: the header renders a scratch action with the ticket", () => {
    renderWithProviders(<TicketHeader ticket={ticketView({ status: "pending" })} onOpenContact={() => {}} />, { session: testUser({ id: 7 }), plugins });
    expect(screen.getByRole("button", { name: "scratch action #41" })).toBeTruthy();
  });

  it("tickets.listItemBadges: a list row renders a scratch badge with the ticket", () => {
    renderWithProviders(<TicketListItem ticket={ticketView({ uuid: "uuid-41" })} selected={false} showUser={false} onSelect={() => {}} />, { plugins });
    expect(screen.getByTestId("scratch-badge").textContent).toBe("uuid-41");
    expect(screen.getByTestId("scratch-badge").parentElement?.className).toBe("tickets-item-tags");
  });

  it("tickets.drawerSections: a scratch section (30) sits before the ticket's notes (40)", async () => {
    renderWithProviders(<ContactDrawer ticket={ticketView()} isOpen onClose={() => {}} />, { session: testUser({ id: 7 }), plugins });
    const drawer = await screen.findByRole("complementary", { name: "Dados do contato" });
    const section = within(drawer).getByRole("region", { name: "scratch section" });
    expect(section.textContent).toBe("contact 5 open");
    const notes = within(drawer).getByRole("region", { name: "Observações" });
    expect(section.compareDocumentPosition(notes) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("tickets.composerTools: a scratch tool sees the text, sets it and attaches files", async () => {
    const signature = { allowed: false, on: false, set: () => {}, sign: false };
    renderWithProviders(<Composer ticket={ticketView({ status: "open" })} quoted={null} onCancelQuote={() => {}} onSent={() => {}} signature={signature} />, {
      session: testUser({ id: 7 }),
      plugins,
    });
    const input = screen.getByRole("textbox", { name: "Digite uma mensagem" }) as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: "oi" } });
    expect(screen.getByTestId("scratch-tool").textContent).toContain("tool for #41: [oi] enabled");
    fireEvent.click(screen.getByRole("button", { name: "fill" }));
    expect(input.value).toBe("from the tool");
    fireEvent.click(screen.getByRole("button", { name: "attach" }));
    expect(within(await screen.findByRole("dialog")).getAllByText("scratch.txt").length).toBeGreaterThan(0);
  });
});

describe("ticket workspace zones: errors", () => {
  it("a tool that keeps a key stops the composer from using it; other keys still send", async () => {
    const signature = { allowed: false, on: false, set: () => {}, sign: false };
    renderWithProviders(<Composer ticket={ticketView({ status: "open" })} quoted={null} onCancelQuote={() => {}} onSent={() => {}} signature={signature} />, {
      session: testUser({ id: 7 }),
      plugins,
    });
    const input = screen.getByRole("textbox", { name: "Digite uma mensagem" });
    const sends = () => api.calls.filter((c) => c.method === "POST" && c.path === "/messages/41").length;
    fireEvent.change(input, { target: { value: "/hold" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await new Promise((r) => setTimeout(r, 20));
    expect(sends()).toBe(0);
    fireEvent.change(input, { target: { value: "send me" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(sends()).toBe(1));
  });

  it("without contributors the zones stay empty: no badge, no tool, no foreign action", () => {
    renderWithProviders(<TicketListItem ticket={ticketView()} selected={false} showUser={false} onSelect={() => {}} />, { plugins: [ticketsPlugin] });
    expect(screen.queryByTestId("scratch-badge")).toBeNull();
  });
});
