import { describe, expect, it } from "vitest";
import { A4, buildPdf, textWidth, toWinAnsi, wrapText } from "./pdf-document.ts";
import { exportFileName, messageText, transcriptPdf, type TranscriptLabels } from "./pdf-export.ts";
import { messageView, ticketView } from "./test-data.ts";

const latin1 = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);

const labels: TranscriptLabels = {
  title: "Relatório de atendimento",
  contact: "Contato",
  number: "Número",
  ticket: "Ticket",
  createdAt: "Aberto em",
  exportedAt: "Exportado em",
  queue: "Fila",
  user: "Atendente",
  attendant: "Atendente",
  deleted: "Essa mensagem foi apagada",
  privateNote: "Mensagem Privada",
};

describe("the PDF writer", () => {
  it("writes a PDF that starts with %PDF and carries the text", () => {
    const text = latin1(buildPdf([{ text: "Olá, atendimento (teste) \\ ok", bold: true }, { text: "Segunda linha" }]));
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    // parentheses and backslashes are escaped inside PDF strings; accents are WinAnsi bytes
    expect(text).toContain("(Olá, atendimento \\(teste\\) \\\\ ok) Tj");
    expect(text).toContain("(Segunda linha) Tj");
    expect(text).toContain(`/MediaBox [0 0 ${A4.width} ${A4.height}]`);
  });

  it("has a cross-reference table whose offsets point at the objects", () => {
    const bytes = buildPdf([{ text: "x" }]);
    const text = latin1(bytes);
    const start = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(start, start + 4)).toBe("xref");
    const offsets = [...text.slice(start).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    for (const [i, offset] of offsets.entries()) expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    const streams = [...text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)];
    for (const m of streams) expect(text.slice(m.index! + m[0].length + Number(m[1]), m.index! + m[0].length + Number(m[1]) + 10)).toBe("\nendstream");
  });

  it("wraps long lines inside the page and breaks onto new pages", () => {
    const long = "palavra ".repeat(200).trim();
    const pieces = wrapText(long, 300, 10);
    expect(pieces.length).toBeGreaterThan(5);
    for (const p of pieces) expect(textWidth(p, 10)).toBeLessThanOrEqual(300);
    const many = Array.from({ length: 200 }, (_, i) => ({ text: `Linha ${i}` }));
    const text = latin1(buildPdf(many));
    expect(Number(/\/Count (\d+)/.exec(text)![1])).toBeGreaterThan(2);
    expect(text).toContain("(Linha 199) Tj");
  });

  it("maps text to WinAnsi: Portuguese accents and the em dash stay, emoji become '?'", () => {
    expect(toWinAnsi("ação — ok 😀")).toBe("ação \x97 ok ?");
  });
});

describe("the conversation transcript", () => {
  it("lists the contact, the dates and 'DD/MM/YYYY HH:mm — author: text' per message", () => {
    const ticket = ticketView();
    const messages = [
      messageView(1, { body: "Bom dia, preciso de ajuda" }),
      messageView(2, { fromMe: true, userId: 9, contact: null, body: "Claro!\nComo posso ajudar?" }),
      messageView(3, { mediaType: "image", body: "" }),
      messageView(4, { isDeleted: true }),
    ];
    const text = latin1(transcriptPdf(ticket, messages, new Map([[9, "Bruno Lima"]]), labels, new Date(2026, 2, 3, 9, 0)));
    expect(text.startsWith("%PDF")).toBe(true);
    expect(text).toContain("(Relatório de atendimento) Tj");
    expect(text).toContain("(Contato: Maria Oliveira) Tj");
    expect(text).toContain("(Exportado em: 03/03/2026 09:00) Tj");
    expect(text).toMatch(/\(\d{2}\/\d{2}\/2026 \d{2}:01 \x97 Maria Oliveira: Bom dia, preciso de ajuda\) Tj/);
    expect(text).toMatch(/:02 \x97 Bruno Lima: Claro!\) Tj/);
    expect(text).toContain("(Como posso ajudar?) Tj");
    expect(text).toContain("Maria Oliveira: [image]) Tj");
    expect(text).toContain("Maria Oliveira: Essa mensagem foi apagada) Tj");
  });

  it("marks private notes and names the file relatório_atendimento_{id}.pdf", () => {
    expect(messageText(messageView(1, { isPrivate: true, body: "interno" }), labels)).toBe("(Mensagem Privada) interno");
    expect(exportFileName(41)).toBe("relatório_atendimento_41.pdf");
  });
});
