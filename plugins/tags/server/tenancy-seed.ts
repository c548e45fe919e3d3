import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

/** Tags, and B's contact carrying two of them (contact_tags). */
const seed: TenancySeed = async (b) => {
  await b.call("POST", "/tags", { name: `${b.mark} tag` });
  const contact = (await b.call("GET", "/contacts")).body.contacts[0];
  await b.call("POST", "/tags/sync", { contactId: contact.id, tags: [{ name: `${b.mark} tag` }, { name: `${b.mark} other` }] });
};
export default seed;
