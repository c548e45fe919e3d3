import { standIn } from "./stand-in-server.ts";

/**
 * A Typebot chat API on loopback speaking the documented shapes: `POST
 * /api/v1/typebots/{slug}/startChat` answers `{ sessionId, typebot, messages, input }`,
 * `POST /api/v1/sessions/{id}/continueChat` `{ messages, input? }`. Its bot: a rich-text
 * greeting naming the prefilled `name`, a choice input (Vendas, Suporte); "Vendas" answers a
 * text and an image (a PNG it serves itself, `imageAt` points it elsewhere) and asks for an e-mail (a text input); an e-mail ends the flow (no
 * input). A reply the choice input rejects is answered with Typebot's retry text and the same input.
 */
/** A 1×1 PNG: the media the stand-in serves at `/media/catalogo.png`. */
export const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

export async function typebotStandIn() {
  let sessions = 0;
  // The image bubble's URL: the stand-in's own PNG unless a test points it elsewhere (a 404, an internal address).
  const media: { url: string | null } = { url: null };
  const state = new Map<string, "choice" | "email">();
  const choice = {
    id: "choice-1",
    type: "choice input",
    items: [
      { id: "a", content: "Vendas" },
      { id: "b", content: "Suporte" },
    ],
  };
  const text = (richText: unknown[]) => ({ id: `m${Math.random()}`, type: "text", content: { type: "richText", richText } });
  const server = await standIn(({ path, body }) => {
    if (path === "/media/catalogo.png") return { bytes: PNG, contentType: "image/png" };
    if (path === "/media/catalogo.txt") return { bytes: new TextEncoder().encode("not an image"), contentType: "text/plain" };
    const start = path.match(/^\/api\/v1\/typebots\/([^/]+)\/startChat$/);
    if (start) {
      if (start[1] !== "atendimento") return { status: 404, json: { message: "Typebot not found" } };
      const sessionId = `session-${++sessions}`;
      state.set(sessionId, "choice");
      const name = body?.prefilledVariables?.name ?? "";
      return {
        json: {
          sessionId,
          typebot: { id: "tb1", theme: {}, settings: {} },
          messages: [
            text([{ type: "p", children: [{ text: "Olá " }, { text: name, bold: true }, { text: "!" }] }]),
            text([{ type: "p", children: [{ text: "Escolha", italic: true }] }]),
          ],
          input: choice,
        },
      };
    }
    const cont = path.match(/^\/api\/v1\/sessions\/([^/]+)\/continueChat$/);
    if (cont) {
      const id = cont[1]!;
      const at = state.get(id);
      if (!at) return { status: 404, json: { message: "Session expired" } };
      const reply = typeof body?.message === "string" ? body.message : (body?.message?.text ?? "");
      if (at === "choice") {
        if (reply === "Vendas") {
          state.set(id, "email");
          return {
            json: {
              messages: [
                text([{ type: "p", children: [{ text: "Vendas, ótimo." }] }]),
                { id: "img", type: "image", content: { url: media.url ?? `${server.url}/media/catalogo.png` } },
              ],
              input: { id: "email-1", type: "email input", options: {} },
            },
          };
        }
        if (reply === "Suporte") return { json: { messages: [text([{ type: "p", children: [{ text: "Suporte anotado." }] }])], input: { id: "email-1", type: "email input" } } };
        return { json: { messages: [text([{ type: "p", children: [{ text: "Opção inválida" }] }])], input: choice } };
      }
      if (!reply.includes("@")) return { json: { messages: [text([{ type: "p", children: [{ text: "E-mail inválido" }] }])], input: { id: "email-1", type: "email input" } } };
      state.delete(id);
      return { json: { messages: [text([{ type: "p", children: [{ text: "Obrigado, até logo" }] }])] } };
    }
    return { status: 404, json: { message: "Not found" } };
  });
  return Object.assign(server, {
    /** Where the image bubble points (null: the stand-in's own PNG). */
    imageAt(url: string | null) {
      media.url = url;
    },
  });
}
