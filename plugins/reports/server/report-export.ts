import { csvStream, xlsxStream } from "../../../core/spreadsheet/index.ts";
import type { AttendantRow } from "./dashboard-figures.ts";

/*
 * The ticket report as a file (relatorio-de-atendimentos.xlsx / .csv) and as the big JSON page
 * the web's export asks (pageSize 9999999): both stream chunks of rows as they are read, so a
 * 100,000-ticket report never sits whole in memory.
 */

export const REPORT_FILE = "relatorio-de-atendimentos";

/** The file's columns (spec 002 §2.15's table, in its language); ticket-report.service.ts's ROW_CELLS writes them in this order. */
const HEADER = ["Ticket", "Usuário", "Abertura", "Fechamento", "NPS", "Status", "Conexão", "Fila", "Última mensagem", "Cliente", "Tempo de atendimento (min)"];
const WIDTHS = [10, 24, 20, 20, 6, 10, 20, 20, 40, 28, 14];

/**
 * The report as a file from its rows' cells in HEADER's order (TicketReportService.cellChunks:
 * read from SQLite chunk by chunk, straight into the writer).
 */
export function reportFileStream(format: "xlsx" | "csv", cells: AsyncIterable<string[][]>): ReadableStream<Uint8Array> {
  return format === "xlsx" ? xlsxStream(cells, { sheetName: "Relatório", header: HEADER, widths: WIDTHS }) : csvStream(cells, { header: HEADER, delimiter: ";" });
}

/**
 * `{"tickets":[…],"totalTickets":{"total":n}}`, written chunk by chunk (each chunk the rows'
 * JSON joined by commas, text or UTF-8 bytes, as TicketReportService.jsonChunks gives them); the next chunk is read
 * when the client took the last.
 */
export function reportJsonStream(chunks: AsyncIterable<string | Uint8Array>, total: () => Promise<number>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const comma = encoder.encode(",");
  const it = chunks[Symbol.asyncIterator]();
  let first = true;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode('{"tickets":['));
      }
      // Until something is written: a pull that enqueues nothing may never be called again.
      for (;;) {
        const next = await it.next();
        if (next.done) {
          controller.enqueue(encoder.encode(`],"totalTickets":{"total":${await total()}}}`));
          controller.close();
          return;
        }
        // Bytes from the read pool are written as they came, never decoded; strings are encoded.
        const body = typeof next.value === "string" ? encoder.encode(next.value) : next.value;
        if (!body.byteLength) continue;
        if (!first) controller.enqueue(comma);
        controller.enqueue(body);
        first = false;
        return;
      }
    },
    async cancel() {
      await it.return?.(undefined);
    },
  });
}

export const ATTENDANTS_FILE = "atendentes";

const ATTENDANT_HEADER = [
  "Nome",
  "Avaliação (0–10)",
  "Avaliações",
  "Tickets",
  "Espera média (min)",
  "Espera mediana (min)",
  "Espera p90 (min)",
  "Atendimento médio (min)",
  "Atendimento mediano (min)",
  "Atendimento p90 (min)",
  "Online",
];

/** The attendants tab as a file: one page, the rows are one per user of the company. */
export function attendantsFileStream(format: "xlsx" | "csv", rows: AttendantRow[]): ReadableStream<Uint8Array> {
  const cellsOf = (r: AttendantRow) =>
    [
      r.name,
      r.rating,
      r.countRating,
      r.tickets,
      r.waitTime.avg,
      r.waitTime.median,
      r.waitTime.p90,
      r.supportTime.avg,
      r.supportTime.median,
      r.supportTime.p90,
      r.online ? "sim" : "não",
    ].map(String);
  async function* pages() {
    yield rows.map(cellsOf);
  }
  return format === "xlsx"
    ? xlsxStream(pages(), { sheetName: "Atendentes", header: ATTENDANT_HEADER, widths: [28, 10, 10, 10, 12, 12, 12, 12, 12, 12, 8] })
    : csvStream(pages(), { header: ATTENDANT_HEADER, delimiter: ";" });
}
