import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { realtimeClient } from "../../../../web/src/realtime/realtime.ts";
import { renderWithProviders, testUser } from "../../../../web/src/test/render.tsx";
import { stubApi } from "../../../../web/src/test/stub-api.ts";
import quickMessagesPlugin from "../../../quick-messages/web/index.ts";
import { apiQuickMessage } from "../../../quick-messages/web/test-data.ts";
import ticketsPlugin from "../index.ts";
import { Composer } from "./composer.tsx";
import { convTicket } from "./test-data.ts";

vi.mock("../../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn(), clearToasts: vi.fn() }));

const LONG = `Nosso horário de atendimento é de segunda a sexta, das 8h às 18h, e aos sábados das 8h às 12h. ${"Obrigado! ".repeat(5)}`;
const replies = [
  apiQuickMessage(1, "oi", { message: "Olá! Como posso ajudar?" }),
  apiQuickMessage(2, "horario", { message: LONG }),
  apiQuickMessage(3, "boleto", { message: "Segue o boleto", mediaName: "boleto_maio.pdf", mediaPath: "b.pdf", mediaUrl: "/public/company2/b.pdf" }),
];

let api: ReturnType<typeof stubApi>;
let fetchImpl: typeof fetch;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({ "GET /quick-messages/list": () => ({ body: replies }) });
  // The attachment is fetched from its public path: answer it with a real file body.
  fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith("/public/company2/b.pdf")) return new Response(new Blob(["%PDF"], { type: "application/pdf" }), { status: 200 });
    return api.fetch(input, init);
  }) as typeof fetch;
  vi.stubGlobal("fetch", vi.fn(fetchImpl));
});
afterEach(() => vi.unstubAllGlobals());

const signature = { allowed: false, on: false, set: () => {}, sign: false };
const render = () =>
  renderWithProviders(<Composer ticket={convTicket({ status: "open" })} quoted={null} onCancelQuote={() => {}} onSent={() => {}} signature={signature} />, {
    session: testUser(),
    plugins: [ticketsPlugin, quickMessagesPlugin],
  });
const input = () => screen.getByRole("textbox", { name: "Digite uma mensagem" }) as HTMLTextAreaElement;
const flash = () => screen.findByRole("menu", { name: "Respostas rápidas" });

// The quick-messages plugin's flash, through the `tickets.composerTools` zone: what the
// composer hands its tools (text, keys, attachments) is exercised end to end here.
describe("quick-reply flash: in the composer", () => {
  it("typing '/' lists the quick replies with the shortcode and the text cut at 90 characters", async () => {
    render();
    expect(api.calls.some((c) => c.path === "/quick-messages/list")).toBe(false);
    fireEvent.change(input(), { target: { value: "/" } });
    const menu = await flash();
    expect(within(menu).getByText("/oi")).toBeTruthy();
    expect(within(menu).getByText(`${LONG.slice(0, 90)}...`)).toBeTruthy();
    fireEvent.change(input(), { target: { value: "/hor" } });
    await waitFor(() => expect(within(menu).queryByText("/oi")).toBeNull());
    expect(within(menu).getByText("/horario")).toBeTruthy();
  });

  it("Enter puts the highlighted message into the composer instead of sending", async () => {
    render();
    fireEvent.change(input(), { target: { value: "/" } });
    await flash();
    fireEvent.keyDown(input(), { key: "ArrowDown" });
    fireEvent.keyDown(input(), { key: "Enter" });
    await waitFor(() => expect(input().value).toBe(LONG));
    expect(screen.queryByRole("menu", { name: "Respostas rápidas" })).toBeNull();
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("a click picks; Escape closes without picking", async () => {
    render();
    fireEvent.change(input(), { target: { value: "/o" } });
    fireEvent.keyDown(input(), { key: "Escape" });
    fireEvent.change(input(), { target: { value: "/oi" } });
    fireEvent.keyDown(input(), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("menu", { name: "Respostas rápidas" })).toBeNull());
    expect(input().value).toBe("/oi");
    fireEvent.change(input(), { target: { value: "" } });
    fireEvent.change(input(), { target: { value: "/" } });
    fireEvent.click(within(await flash()).getByText("/oi"));
    await waitFor(() => expect(input().value).toBe("Olá! Como posso ajudar?"));
  });

  it("a reply with an attachment fills the text and opens the media preview with the file", async () => {
    render();
    fireEvent.change(input(), { target: { value: "/boleto" } });
    await flash();
    fireEvent.keyDown(input(), { key: "Enter" });
    await waitFor(() => expect(input().value).toBe("Segue o boleto"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getAllByText("boleto_maio.pdf").length).toBeGreaterThan(0);
  });

  it("refreshes the list when a quick message changes", async () => {
    render();
    fireEvent.change(input(), { target: { value: "/" } });
    await flash();
    const before = api.calls.filter((c) => c.path === "/quick-messages/list").length;
    act(() => realtimeClient.deliver("company-2-quickemessage", { action: "create", record: apiQuickMessage(4, "pix") }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === "/quick-messages/list").length).toBe(before + 1));
  });
});
