import { describe, expect, it } from "vitest";
import { actionsOf, Conversation, queue } from "./engine.fixtures.ts";
import { menuMessage } from "./menu.ts";

const two = [queue(1, "Vendas"), queue(2, "Suporte")];
const firstSend = (c: Conversation) => actionsOf(c.say("Olá"), "send")[0];

describe("menu style (chatBotType)", () => {
  it("text: a numbered text, whatever the channel can do", () => {
    const send = firstSend(new Conversation({ queues: two, channel: { list: true, buttons: true } }));
    expect(send).toEqual({ type: "send", text: "Olá! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte" });
  });

  it("list: a list whose rows answer with their number, the text kept as the fallback body", () => {
    const send = firstSend(new Conversation({ queues: two, settings: { chatBotType: "list" }, channel: { list: true } }));
    expect(send?.interactive).toEqual({
      kind: "list",
      buttonText: "Ver opções",
      rows: [
        { id: "1", title: "Vendas" },
        { id: "2", title: "Suporte" },
      ],
    });
    expect(send?.text).toBe("Olá! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte");
  });

  it("button: reply buttons", () => {
    const send = firstSend(new Conversation({ queues: two, settings: { chatBotType: "button" }, channel: { buttons: true } }));
    expect(send?.interactive).toEqual({
      kind: "buttons",
      buttons: [
        { id: "1", title: "Vendas" },
        { id: "2", title: "Suporte" },
      ],
    });
  });

  it("falls back to text on a channel without lists or buttons", () => {
    expect(firstSend(new Conversation({ queues: two, settings: { chatBotType: "list" } }))?.interactive).toBeUndefined();
    expect(firstSend(new Conversation({ queues: two, settings: { chatBotType: "button" }, channel: { list: true } }))?.interactive).toBeUndefined();
  });

  it("falls back to text when the entries do not fit (3 buttons, 10 list rows)", () => {
    const four = [1, 2, 3, 4].map((id) => queue(id, `Fila ${id}`));
    expect(firstSend(new Conversation({ queues: four, settings: { chatBotType: "button" }, channel: { buttons: true } }))?.interactive).toBeUndefined();
    const eleven = Array.from({ length: 11 }, (_, i) => queue(i + 1, `Fila ${i + 1}`));
    expect(firstSend(new Conversation({ queues: eleven, settings: { chatBotType: "list" }, channel: { list: true } }))?.interactive).toBeUndefined();
  });

  it("adds the back and start entries as rows too", () => {
    const send = menuMessage({ intro: "", choices: ["A", "B"], back: true, start: true }, "list", { list: true, buttons: false });
    expect(send.text).toBe("*1* - A\n*2* - B\n*0* - Voltar\n*#* - Menu inicial");
    expect(send.interactive).toMatchObject({ kind: "list", rows: [{ id: "1" }, { id: "2" }, { id: "0" }, { id: "#" }] });
  });
});
