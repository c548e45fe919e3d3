import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the parts of Meta's Graph API this plugin calls, answering with the
 * payload shapes Meta documents (written from the documentation, not copied). It listens
 * on 127.0.0.1 only, keeps every request for assertions, and serves downloadable files
 * (Messenger attachment URLs and Cloud API media). Tokens: bearer header or `access_token`.
 */
export interface StandInPage {
  id: string;
  name: string;
  token: string;
  instagram?: { id: string; username: string; name: string };
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  token: string | null;
  json?: any;
  /** Multipart fields: text as text, files as `{ fileName, type, size }`. */
  form?: Record<string, string | { fileName: string; type: string; size: number }>;
}

export interface GraphStandIn {
  /** The Graph base URL to configure (`META_GRAPH_URL`), with a version path like Meta's. */
  url: string;
  /** The server's origin, for file URLs put in webhook payloads. */
  origin: string;
  requests: RecordedRequest[];
  /** The Facebook user (id + token) and the Pages `/me/accounts` lists for that token. */
  user: { id: string; token: string; pages: StandInPage[] };
  /** Cloud API numbers by phone number id, with the token that may use them. */
  phones: Map<string, { token: string; display: string; verifiedName: string; wabaId: string }>;
  /** Names of people by PSID / IGSID (the profile lookups). */
  profiles: Map<string, Record<string, string>>;
  /** Files served at `{origin}/cdn/{name}` (no auth) and as Cloud API media `{id}` (bearer). */
  files: Map<string, { type: string; data: Uint8Array; mediaToken?: string }>;
  /** The next send (POST …/messages) answers this status and Graph error instead. */
  failNextSend(status: number, error: { message: string; code: number; error_subcode?: number }): void;
  sends(): RecordedRequest[];
  close(): Promise<void>;
}

const VERSION = "/v21.0";

export async function startGraphStandIn(): Promise<GraphStandIn> {
  let seq = 0;
  let failure: { status: number; error: Record<string, unknown> } | null = null;
  const state = {
    requests: [] as RecordedRequest[],
    user: { id: "10001", token: "user-token-ok", pages: [] as StandInPage[] },
    phones: new Map<string, { token: string; display: string; verifiedName: string; wabaId: string }>(),
    profiles: new Map<string, Record<string, string>>(),
    files: new Map<string, { type: string; data: Uint8Array; mediaToken?: string }>(),
  };
  let origin = "";

  const error = (res: ServerResponse, status: number, message: string, code: number, type = "OAuthException") =>
    send(res, status, { error: { message, type, code, fbtrace_id: `trace${++seq}` } });
  const pageOfToken = (token: string | null) => state.user.pages.find((p) => p.token === token);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", origin);
    const raw = await readBody(req);
    const query = Object.fromEntries(url.searchParams);
    const auth = req.headers.authorization ?? "";
    const token = auth.startsWith("Bearer ") ? auth.slice(7) : (query.access_token ?? null);
    const record: RecordedRequest = { method: req.method ?? "GET", path: url.pathname, query, token };
    const type = String(req.headers["content-type"] ?? "");
    if (type.startsWith("application/json") && raw.length) record.json = JSON.parse(new TextDecoder().decode(raw));
    if (type.startsWith("multipart/form-data")) record.form = await formFields(raw, type);
    state.requests.push(record);

    // Files: public CDN links (Messenger/Instagram attachments) and Cloud API media downloads.
    if (url.pathname.startsWith("/cdn/") || url.pathname.startsWith("/media-files/")) {
      const file = state.files.get(decodeURIComponent(url.pathname.split("/").pop() ?? ""));
      if (!file) return error(res, 404, "Not found", 100);
      if (url.pathname.startsWith("/media-files/") && token !== file.mediaToken) return error(res, 401, "Invalid OAuth access token", 190);
      res.writeHead(200, { "content-type": file.type, "content-length": String(file.data.byteLength) });
      return void res.end(file.data);
    }
    if (!url.pathname.startsWith(`${VERSION}/`)) return error(res, 400, "Unknown path components", 2500);
    const parts = url.pathname
      .slice(VERSION.length + 1)
      .split("/")
      .map(decodeURIComponent);
    const [node, edge] = parts;
    const method = req.method ?? "GET";
    if (!token) return error(res, 400, "An active access token must be used to query information about the current user.", 2500);

    // Facebook user: /me and /me/accounts.
    if (node === "me" && method === "GET") {
      if (token !== state.user.token) return error(res, 400, "Invalid OAuth access token - Cannot parse access token", 190);
      if (!edge) return send(res, 200, { id: state.user.id, name: "Stand-in User" });
      if (edge === "accounts") {
        const data = state.user.pages.map((p) => ({
          id: p.id,
          name: p.name,
          access_token: p.token,
          category: "Business",
          ...(p.instagram ? { instagram_business_account: { id: p.instagram.id } } : {}),
        }));
        return send(res, 200, { data, paging: { cursors: { before: "QVFIUmJ", after: "QVFIUmx" } } });
      }
    }

    // A Page: subscription, attachment upload, Send API.
    const page = state.user.pages.find((p) => p.id === node);
    if (page) {
      if (pageOfToken(token)?.id !== page.id) return error(res, 400, "Invalid OAuth access token", 190);
      if (edge === "subscribed_apps" && method === "POST") return send(res, 200, { success: true });
      if (edge === "message_attachments" && method === "POST") {
        if (!record.form?.filedata || typeof record.form.message !== "string") return error(res, 400, "(#100) Upload attachment failure.", 100);
        return send(res, 200, { attachment_id: `att${++seq}` });
      }
      if (edge === "messages" && method === "POST") {
        if (failure) {
          const { status, error: err } = failure;
          failure = null;
          return send(res, status, { error: { type: "OAuthException", fbtrace_id: `trace${++seq}`, ...err } });
        }
        const body = record.json ?? {};
        if (!body.recipient?.id || !body.message) return error(res, 400, "(#100) param recipient must be non-empty.", 100);
        return send(res, 200, { recipient_id: body.recipient.id, message_id: `m_stand${++seq}` });
      }
    }

    // An Instagram account's profile (linked through a Page; read with the Page token).
    const igPage = state.user.pages.find((p) => p.instagram?.id === node);
    if (igPage && method === "GET" && !edge) {
      if (igPage.token !== token) return error(res, 400, "Invalid OAuth access token", 190);
      return send(res, 200, { id: node, username: igPage.instagram!.username, name: igPage.instagram!.name });
    }

    // A Cloud API phone number: details, media upload, messages.
    const phone = node ? state.phones.get(node) : undefined;
    if (phone) {
      if (phone.token !== token) return error(res, 401, "Error validating access token: Session has expired.", 190);
      if (!edge && method === "GET") return send(res, 200, { id: node, display_phone_number: phone.display, verified_name: phone.verifiedName, quality_rating: "GREEN" });
      if (edge === "media" && method === "POST") {
        const file = record.form?.file;
        if (!file || typeof file === "string" || record.form?.messaging_product !== "whatsapp") return error(res, 400, "(#100) The parameter file is required.", 100);
        const id = `media${++seq}`;
        state.files.set(id, { type: typeof record.form?.type === "string" ? record.form.type : file.type, data: new Uint8Array(file.size), mediaToken: token });
        return send(res, 200, { id });
      }
      if (edge === "messages" && method === "POST") {
        if (failure) {
          const { status, error: err } = failure;
          failure = null;
          return send(res, status, { error: { type: "OAuthException", fbtrace_id: `trace${++seq}`, ...err } });
        }
        const body = record.json ?? {};
        if (body.messaging_product !== "whatsapp" || !body.to || !body.type) return error(res, 400, "(#100) Invalid parameter", 100);
        const invalid = body.type === "interactive" ? interactiveProblem(body.interactive) : null;
        if (invalid) return error(res, 400, `(#131009) Parameter value is not valid: ${invalid}`, 131009);
        return send(res, 200, { messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.stand${++seq}` }] });
      }
    }
    if (node && [...state.phones.values()].some((p) => p.wabaId === node) && edge === "subscribed_apps" && method === "POST") return send(res, 200, { success: true });

    // Cloud API media: GET /{media-id} answers the (short-lived) download URL.
    const media = node ? state.files.get(node) : undefined;
    if (media?.mediaToken && method === "GET" && !edge) {
      if (media.mediaToken !== token) return error(res, 401, "Invalid OAuth access token", 190);
      return send(res, 200, {
        messaging_product: "whatsapp",
        url: `${origin}/media-files/${node}`,
        mime_type: media.type,
        sha256: "0".repeat(64),
        file_size: String(media.data.byteLength),
        id: node,
      });
    }

    // A person's profile (PSID / IGSID), read with a Page token.
    const profile = node ? state.profiles.get(node) : undefined;
    if (profile && pageOfToken(token)) return send(res, 200, { id: node, ...profile });

    return error(res, 400, `Unsupported ${method} request. Object with ID '${node}' does not exist`, 100, "GraphMethodException");
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => error(res, 500, String(err), 1, "StandInError"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin + VERSION,
    origin,
    ...state,
    failNextSend(status, err) {
      failure = { status, error: err };
    },
    sends: () => state.requests.filter((r) => r.method === "POST" && r.path.endsWith("/messages")),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

async function formFields(raw: Uint8Array, contentType: string): Promise<RecordedRequest["form"]> {
  const form = await new Response(raw as Uint8Array<ArrayBuffer>, { headers: { "content-type": contentType } }).formData();
  const out: NonNullable<RecordedRequest["form"]> = {};
  for (const [k, v] of form.entries() as Iterable<[string, string | File]>) out[k] = typeof v === "string" ? v : { fileName: v.name, type: v.type, size: v.size };
  return out;
}

const length = (v: unknown) => (typeof v === "string" ? Array.from(v).length : 0);

/** What Meta refuses in a Cloud API `interactive` list or reply-buttons message (its documented bounds), or null. */
function interactiveProblem(interactive: any): string | null {
  const body = interactive?.body?.text;
  if (length(body) < 1 || length(body) > 1024) return "body.text must be 1-1024 characters";
  if (interactive.type === "list") {
    const action = interactive.action ?? {};
    if (length(action.button) < 1 || length(action.button) > 20) return "action.button must be 1-20 characters";
    const sections: any[] = Array.isArray(action.sections) ? action.sections : [];
    const rows: any[] = sections.flatMap((s) => (Array.isArray(s.rows) ? s.rows : []));
    if (rows.length < 1 || rows.length > 10) return "a list has 1-10 rows";
    if (sections.length > 1 && sections.some((s) => length(s.title) < 1)) return "sections need titles when there are several";
    if (sections.some((s) => length(s.title) > 24)) return "section title is at most 24 characters";
    if (rows.some((r) => length(r.id) < 1 || length(r.id) > 200)) return "row id must be 1-200 characters";
    if (rows.some((r) => length(r.title) < 1 || length(r.title) > 24)) return "row title must be 1-24 characters";
    if (rows.some((r) => length(r.description) > 72)) return "row description is at most 72 characters";
    if (new Set(rows.map((r) => r.id)).size !== rows.length) return "row ids must be unique";
    return null;
  }
  if (interactive.type === "button") {
    const buttons: any[] = Array.isArray(interactive.action?.buttons) ? interactive.action.buttons : [];
    if (buttons.length < 1 || buttons.length > 3) return "1-3 buttons";
    if (buttons.some((b) => b.type !== "reply" || length(b.reply?.id) < 1 || length(b.reply?.id) > 256)) return "button reply id must be 1-256 characters";
    if (buttons.some((b) => length(b.reply?.title) < 1 || length(b.reply?.title) > 20)) return "button title must be 1-20 characters";
    if (new Set(buttons.map((b) => b.reply.title)).size !== buttons.length) return "button titles must be unique";
    return null;
  }
  return `unsupported interactive type ${interactive?.type}`;
}
