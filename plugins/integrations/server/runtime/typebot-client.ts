import type { OutboundGuard } from "../../../../core/net/outbound-guard.ts";
import { callJson, ServiceCallError } from "./call-service.ts";

/**
 * Typebot's chat API (v1 routes of a self-hosted or cloud Typebot; `urlN8N` is its base):
 * `POST {base}/api/v1/typebots/{slug}/startChat` starts a session with prefilled variables,
 * `POST {base}/api/v1/sessions/{sessionId}/continueChat` sends the customer's reply.
 */
export class TypebotClient {
  constructor(private guard: Pick<OutboundGuard, "fetch">) {}

  async start(base: string, slug: string, prefilledVariables: Record<string, string>): Promise<{ sessionId: string; answer: unknown }> {
    const url = `${base.replace(/\/+$/, "")}/api/v1/typebots/${encodeURIComponent(slug)}/startChat`;
    const answer = await callJson(this.guard, url, { json: { isStreamEnabled: false, textBubbleContentFormat: "richText", prefilledVariables } });
    const sessionId = (answer as { sessionId?: unknown } | null)?.sessionId;
    if (typeof sessionId !== "string" || !sessionId) throw new ServiceCallError("startChat answered no sessionId");
    return { sessionId, answer };
  }

  continue(base: string, sessionId: string, text: string): Promise<unknown> {
    const url = `${base.replace(/\/+$/, "")}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`;
    return callJson(this.guard, url, { json: { message: { type: "text", text } } });
  }
}
