/**
 * The requests the web app makes while an attendant works (plugins/tickets/web): opening
 * /tickets loads every tab's first page (each badge has a count) and the two unread lists
 * of the notifications; opening a conversation asks for the ticket, the newest page of
 * messages (which marks it read) and, with the contact drawer, the contact, its picture,
 * the notes and the kanban lanes of the tag picker; scrolling back asks for older pages.
 */
import type { LoadRequest } from "../conversations/load-worker.ts";
import { HISTORY, type Conversation } from "./conversations.ts";

export interface Attendant {
  token: string;
  /** The queues the web preselects (null: the user has none, no restriction). */
  queueIds: number[] | null;
  allowGroup: boolean;
}

/** The page of older messages measured besides the newest one (the spec's page size is 20). */
export const OLDER_PAGE = 5;

const history = (c: Conversation) => (c.contactTickets >= HISTORY ? `contact with ${HISTORY} tickets` : "contact with 1 ticket");

/** The first page of the lists the /tickets screen shows, as list-filters.ts builds them. */
function listRequests(a: Attendant): LoadRequest[] {
  const tabs = ["open", "pending", ...(a.allowGroup ? ["group"] : []), "closed", "search"];
  const out: LoadRequest[] = tabs.map((status) => {
    const q = new URLSearchParams({ pageNumber: "1", status, showAll: "false" });
    if (a.queueIds) q.set("queueIds", JSON.stringify(a.queueIds));
    if (status !== "closed" && status !== "search") q.set("sortTickets", "DESC");
    return { method: "GET", path: `/tickets?${q}`, token: a.token, label: `GET /tickets ${status} tab` };
  });
  for (const status of ["open", "pending"])
    out.push({ method: "GET", path: `/tickets?status=${status}&withUnreadMessages=true&showAll=false`, token: a.token, label: "GET /tickets unread (notifications)" });
  return out;
}

/** One conversation opened, its drawer looked at, and an older page read. */
function openRequests(a: Attendant, c: Conversation): LoadRequest[] {
  const get = (path: string, label: string): LoadRequest => ({ method: "GET", path, token: a.token, label });
  const uuid = encodeURIComponent(c.uuid);
  return [
    get(`/tickets/u/${uuid}`, "GET /tickets/u/{uuid} (ticket view)"),
    get(`/messages/${uuid}?pageNumber=1`, `GET /messages p1, marks read (${history(c)})`),
    get(`/contacts/${c.contactId}`, "GET /contacts/{id} (drawer)"),
    get(`/contacts/profile/${encodeURIComponent(c.contactNumber)}`, "GET /contacts/profile/{number} (drawer)"),
    get(`/ticket-notes/list?ticketId=${c.id}&contactId=${c.contactId}`, "GET /ticket-notes/list (drawer)"),
    get("/tags/list?kanban=1", "GET /tags/list?kanban=1 (ticket tags)"),
    get(`/messages/${uuid}?pageNumber=${OLDER_PAGE}`, `GET /messages p${OLDER_PAGE} (${history(c)})`),
  ];
}

/** The whole session: the lists, then each conversation, with one reply in the first. */
export function sessionRequests(a: Attendant, opens: Conversation[]): LoadRequest[] {
  const out = listRequests(a);
  opens.forEach((c, i) => {
    out.push(...openRequests(a, c));
    if (i === 0)
      out.push({
        method: "POST",
        path: `/messages/${c.id}`,
        token: a.token,
        body: { body: "Olá! Já verifiquei o seu pedido.", read: true },
        label: "POST /messages/{ticketId} (reply)",
      });
  });
  return out;
}
