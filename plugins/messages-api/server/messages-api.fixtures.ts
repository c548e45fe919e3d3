import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel, type TestResponse } from "../../../tests/support/test-kernel.ts";
import { createConnection } from "../../api-channel/server/api-channel.fixtures.ts";
import { type Receiver, startReceiver } from "../../api-channel/server/webhook-receiver.fixtures.ts";

/**
 * A company with an API-channel connection whose webhook is a local receiver: what the
 * public messages API sends through that connection arrives there as `message.created`.
 */
export async function messagesApiWorld(env: Record<string, string> = {}) {
  const t = await createTestKernel({ env });
  let secret = "";
  const receiver = await startReceiver(() => secret);
  const admin = await createCompanyWithAdmin(t, "Loja API");
  const api = await createConnection(t, admin.token, { channel: "api", webhookUrl: receiver.url });
  secret = api.token;
  return {
    t,
    receiver,
    admin,
    api,
    async close() {
      await receiver.close();
      await t.close();
    },
  };
}
export type MessagesApiWorld = Awaited<ReturnType<typeof messagesApiWorld>>;

/** POST /api/messages/send: JSON bodies as JSON, FormData as multipart; `token` undefined sends no Authorization. */
export const sendApi = (t: TestKernel, token: string | undefined, body: unknown, headers: Record<string, string> = {}): Promise<TestResponse> =>
  t.call("POST", "/api/messages/send", { body, headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers } });

/** Runs the due jobs (deliveries) and answers the webhook posts of new messages received so far. */
export async function deliveredMessages(w: MessagesApiWorld) {
  await w.t.kernel.jobs.runDue();
  return w.receiver.received.filter((r) => r.body?.event === "message.created").map((r) => r.body as { message: Record<string, any>; ticket: Record<string, any>; contact: Record<string, any> });
}

/** A multipart body with the given fields and files in `medias`. */
export function mediaForm(fields: Record<string, string>, files: File[]): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append("medias", f);
  return form;
}
export { startReceiver, type Receiver };
