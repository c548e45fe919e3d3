import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

/** A chat of B's admin with B's second user (the users plugin's seed), with a message and an unread count. */
const seed: TenancySeed = async (b) => {
  const users = (await b.call("GET", "/users/list")).body as { id: number }[];
  const other = users.find((u) => u.id !== b.adminId);
  if (!other) throw new Error("chats seed: B needs a second user (the users plugin's seed makes one)");
  const chat = await b.call("POST", "/chats", { title: `${b.mark} chat`, users: [other.id] });
  await b.call("POST", `/chats/${chat.body.id}/messages`, { message: `${b.mark} message` });
};
export default seed;
