import { formatDateTime } from "../../../../web/src/ui/format-date.ts";
import type { MessageListResponse, MessageView, TicketView } from "../../shared/ticket-types.ts";
import { buildPdf, type PdfLine } from "./pdf-document.ts";

/** Spec 000 §9: the export's file name. */
export const exportFileName = (ticketId: number) => `relatório_atendimento_${ticketId}.pdf`;

/** A runaway conversation still ends: at most this many pages are read. */
const MAX_PAGES = 200;

/**
 * Every message of a conversation, oldest first. GET /messages/{uuid} answers the newest
 * page first, so pages are read until `hasMore` is false and merged by id.
 */
export async function collectMessages(fetchPage: (pageNumber: number) => Promise<MessageListResponse>): Promise<MessageView[]> {
  const byId = new Map<number, MessageView>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await fetchPage(page);
    for (const m of res.messages) byId.set(m.id, m);
    if (!res.hasMore || res.messages.length === 0) break;
  }
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}

/** The words the transcript needs, already translated. */
export interface TranscriptLabels {
  title: string;
  contact: string;
  number: string;
  ticket: string;
  createdAt: string;
  exportedAt: string;
  queue: string;
  user: string;
  attendant: string;
  deleted: string;
  privateNote: string;
}

/** What one message reads like in the transcript ('[image] caption', '(Mensagem Privada) …'). */
export function messageText(m: MessageView, labels: TranscriptLabels): string {
  if (m.isDeleted) return labels.deleted;
  const body = m.body.trim();
  const media = m.mediaType && m.mediaType !== "chat" ? `[${m.mediaType}]` : "";
  const text = [media, body].filter(Boolean).join(" ");
  return m.isPrivate ? `(${labels.privateNote}) ${text}` : text;
}

/** The transcript as PDF lines: a heading block, then "DD/MM/YYYY HH:mm — author: text" per message. */
export function transcriptLines(ticket: TicketView, messages: MessageView[], userNames: ReadonlyMap<number, string>, labels: TranscriptLabels, now = new Date()): PdfLine[] {
  const lines: PdfLine[] = [{ text: labels.title, bold: true, size: 14 }, { text: `${labels.ticket}: #${ticket.id}` }, { text: `${labels.contact}: ${ticket.contact.name}` }];
  if (ticket.contact.number) lines.push({ text: `${labels.number}: ${ticket.contact.number}` });
  if (ticket.queue) lines.push({ text: `${labels.queue}: ${ticket.queue.name}` });
  if (ticket.user) lines.push({ text: `${labels.user}: ${ticket.user.name}` });
  lines.push({ text: `${labels.createdAt}: ${formatDateTime(ticket.createdAt)}` }, { text: `${labels.exportedAt}: ${formatDateTime(now)}` }, { text: "" });
  for (const m of messages) {
    const author = m.fromMe ? ((m.userId !== null ? userNames.get(m.userId) : undefined) ?? ticket.user?.name ?? labels.attendant) : (m.contact?.name ?? ticket.contact.name);
    const [first = "", ...rest] = messageText(m, labels).split(/\r?\n/);
    lines.push({ text: `${formatDateTime(m.createdAt)} — ${author}: ${first}` });
    for (const more of rest) lines.push({ text: more, indent: 16 });
  }
  return lines;
}

/** The transcript PDF's bytes. */
export function transcriptPdf(ticket: TicketView, messages: MessageView[], userNames: ReadonlyMap<number, string>, labels: TranscriptLabels, now = new Date()): Uint8Array {
  return buildPdf(transcriptLines(ticket, messages, userNames, labels, now), { title: `${labels.title} #${ticket.id}` });
}

/** Hands the file to the browser as a download. */
export function downloadFile(bytes: Uint8Array, fileName: string, type = "application/pdf"): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  // the click has queued the download; the URL can go once the browser has read it
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
