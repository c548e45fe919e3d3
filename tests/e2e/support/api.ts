/**
 * A JSON call to a harness server as a signed-in user; a non-2xx answer throws with the
 * body, so a test fails where the setup went wrong.
 */
export async function callApi(baseUrl: string, path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** What the API channel answers for a stored customer message. */
export interface InboundAnswer {
  messageId: number;
  ticketId: number;
  ticketUuid: string;
  contactId: number;
  duplicate: boolean;
}

/**
 * A customer's message through the API channel (`POST /channels/api/inbound`, signed with the
 * connection's token); anything but a 200 throws with the body, so the test fails there.
 */
export async function customerMessage(
  baseUrl: string,
  connectionToken: string,
  message: { id: string; number: string; name?: string; body?: string; media?: { mimetype: string; fileName: string; data: string } },
): Promise<InboundAnswer> {
  const res = await fetch(`${baseUrl}/channels/api/inbound`, {
    method: "POST",
    headers: { authorization: `Bearer ${connectionToken}`, "content-type": "application/json" },
    body: JSON.stringify(message),
  });
  const body = (await res.json().catch(() => ({}))) as InboundAnswer;
  if (res.status !== 200) throw new Error(`POST /channels/api/inbound: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Polls `check` every 100 ms until it holds; past the timeout, throws naming `what` and, if given, what `context` says then. */
export async function until(check: () => boolean, what: string, context?: () => unknown, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${context ? `; ${JSON.stringify(context())}` : ""}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
