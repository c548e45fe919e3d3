import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../../web/src/test/render.tsx";
import { toastInfo, toastWarning } from "../../../../web/src/ui/toast.ts";
import ticketsPlugin from "../index.ts";
import { MessageContent } from "./message-content.tsx";
import { convMessage, convTicket } from "./test-data.ts";
import type { MessageView } from "../../shared/ticket-types.ts";

vi.mock("../../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn(), clearToasts: vi.fn() }));

const show = (message: MessageView) => renderWithProviders(<MessageContent message={message} ticket={convTicket()} />, { plugins: [ticketsPlugin] });
afterEach(() => vi.clearAllMocks());

describe("message content", () => {
  it("a document with its file offers a download; one whose file is missing says so instead of a dead link", () => {
    const { unmount } = show(convMessage(1, { mediaType: "application", body: "contrato.pdf", mediaUrl: "/public/company1/abc.pdf" }));
    expect(document.querySelector("a.msg-document")?.getAttribute("href")).toBe("/public/company1/abc.pdf");
    unmount();
    show(convMessage(2, { mediaType: "application", body: "contrato.pdf", mediaUrl: null }));
    expect(document.querySelector("a.msg-document")).toBeNull();
    expect(screen.getByText("contrato.pdf", { exact: false }).textContent).toContain("(Arquivo indisponível)");
  });

  it("shows a PIX charge in BRL from the stored cents", () => {
    const data = {
      kind: "pix",
      title: "Pedido 42",
      text: "",
      pix: { amount: 123456, currency: "BRL", keyType: "PHONE", key: "+5511987654321", merchantName: "Loja Azul" },
      buttons: [],
    };
    show(convMessage(1, { fromMe: true, mediaType: "interactiveMessage", dataJson: JSON.stringify(data) }));
    expect(screen.getByText(/R\$\s1\.234,56/)).toBeTruthy();
    expect(screen.getByText("Loja Azul")).toBeTruthy();
    expect(screen.getByText("+5511987654321")).toBeTruthy();
  });

  it("shows list sections and button cards; a call button only explains itself, an empty link warns", () => {
    const list = {
      kind: "list",
      title: "Cardápio",
      text: "Escolha",
      buttonText: "Ver opções",
      sections: [{ title: "Massas", rows: [{ id: "1", title: "Pizza", description: "grande" }] }],
    };
    show(convMessage(1, { fromMe: true, mediaType: "listMessage", dataJson: JSON.stringify(list) }));
    expect(screen.getByText("Cardápio")).toBeTruthy();
    expect(screen.getByText("Pizza")).toBeTruthy();
    expect(screen.getByText("Ver opções")).toBeTruthy();
    const buttons = {
      kind: "call",
      title: "",
      text: "Fale conosco",
      buttons: [
        { type: "cta_call", text: "Me ligue", phoneNumber: "+5511987654321" },
        { type: "cta_url", text: "Site", url: "" },
      ],
    };
    show(convMessage(2, { fromMe: true, mediaType: "interactiveMessage", dataJson: JSON.stringify(buttons) }));
    fireEvent.click(screen.getByRole("button", { name: "Me ligue" }));
    expect(toastInfo).toHaveBeenCalledWith("Não é possível fazer chamadas pelo sistema. Utilize o seu telefone.");
    fireEvent.click(screen.getByRole("button", { name: "Site" }));
    expect(toastWarning).toHaveBeenCalledWith("Nenhum link disponível");
  });

  it("links a location and hides 'talk to' on own contact cards", () => {
    show(convMessage(1, { mediaType: "locationMessage", dataJson: JSON.stringify({ latitude: -23.5, longitude: -46.6 }) }));
    expect(screen.getByRole("link").getAttribute("href")).toBe("https://maps.google.com/maps?q=-23.5,-46.6");
    show(convMessage(2, { mediaType: "contactMessage", body: "BEGIN:VCARD", dataJson: JSON.stringify({ name: "Bruno Reis", number: "5511912345678" }) }));
    expect(screen.getByRole("button", { name: "Conversar" })).toBeTruthy();
    show(convMessage(3, { fromMe: true, mediaType: "contactMessage", body: "BEGIN:VCARD", dataJson: JSON.stringify({ name: "Dora Lima", number: "5511900000000" }) }));
    expect(screen.getByText("Dora Lima")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Conversar" })).toHaveLength(1);
  });

  it("cycles the audio speed and remembers it", () => {
    show(convMessage(1, { mediaType: "audio", mediaUrl: "/public/company2/a.ogg" }));
    fireEvent.click(screen.getByRole("button", { name: "Velocidade 1x" }));
    expect(screen.getByRole("button", { name: "Velocidade 1.5x" })).toBeTruthy();
    expect(localStorage.getItem("audioPlaybackRate")).toBe("1.5");
    expect((document.querySelector("audio") as HTMLAudioElement).playbackRate).toBe(1.5);
  });

  it("opens a larger preview of an image", async () => {
    show(convMessage(1, { mediaType: "image", mediaUrl: "/public/company2/foto.jpg", body: "" }));
    fireEvent.click(screen.getByRole("button", { name: "Ampliar imagem" }));
    expect(await screen.findByRole("dialog")).toBeTruthy();
  });
});
