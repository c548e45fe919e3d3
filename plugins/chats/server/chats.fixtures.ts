import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";

/** A company with its admin and two attendants (Bia, Caio). */
export async function chatCompany(t: TestKernel, name = "Alfa") {
  const company = await createCompanyWithAdmin(t, name);
  const bia = await createUser(t, company.company.id, { name: `Bia ${name}` });
  const caio = await createUser(t, company.company.id, { name: `Caio ${name}` });
  return { ...company, bia, caio };
}

export async function createChat(t: TestKernel, token: string, body: Record<string, unknown>) {
  const res = await t.call("POST", "/chats", { token, body });
  if (res.status !== 200) throw new Error(`chat: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; uuid: string; title: string; users: { userId: number; unreads: number }[] };
}

export async function sendMessage(t: TestKernel, token: string, chatId: number, message: string) {
  const res = await t.call("POST", `/chats/${chatId}/messages`, { token, body: { message } });
  if (res.status !== 200) throw new Error(`message: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; message: string };
}

/** The unread count of `userId` in a chat answer. */
export const unreadsOf = (chat: { users: { userId: number; unreads: number }[] }, userId: number) => chat.users.find((u) => u.userId === userId)?.unreads;
