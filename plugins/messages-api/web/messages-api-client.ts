import { apiBase } from "../../../web/src/api/api.ts";
import type { ApiSendResult, ApiSendText } from "../shared/messages-api-types.ts";

/** Where the API answers, as an integrator types it (the page's examples show it). */
export const apiEndpoint = (): string => `${apiBase || (typeof window !== "undefined" ? window.location.origin : "")}/api/messages/send`;

/**
 * The test forms post with plain fetch and the TYPED connection token, never through the
 * app's API layer: that one adds the user's session token and logs out on a 401, which a
 * mistyped connection token would trigger. A refusal is thrown as its body ({ error, fields }).
 */
export async function sendTest(token: string, body: ApiSendText | FormData): Promise<ApiSendResult> {
  const isForm = body instanceof FormData;
  const res = await fetch(apiEndpoint(), {
    method: "POST",
    headers: { authorization: `Bearer ${token.trim()}`, accept: "application/json", ...(isForm ? {} : { "content-type": "application/json" }) },
    body: isForm ? body : JSON.stringify(body),
  });
  const answer: unknown = await res.json().catch(() => null);
  if (!res.ok) throw answer ?? { error: `HTTP ${res.status}` };
  return answer as ApiSendResult;
}
