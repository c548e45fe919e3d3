import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

/** B's campaign settings, a list with an item, a campaign naming them with a file, and a suppressed number. */
const seed: TenancySeed = async (b) => {
  await b.call("POST", "/campaign-settings", { settings: { variables: [{ key: "cupom", value: `${b.mark} cupom` }] } });
  const list = await b.call("POST", "/contact-lists", { name: `${b.mark} lista`.slice(0, 50) });
  await b.call("POST", "/contact-list-items", { name: `${b.mark} item`.slice(0, 50), number: "5511988887777", email: "beta@example.com", contactListId: list.body.id });
  const [zap] = (await b.call("GET", "/whatsapp")).body;
  const campaign = await b.call("POST", "/campaigns", {
    name: `${b.mark} campanha`.slice(0, 50),
    message1: `${b.mark} mensagem`,
    whatsappId: zap.id,
    contactListId: list.body.id,
    scheduledAt: "2099-01-01T09:00:00Z",
  });
  const file = new FormData();
  file.append("file", new File([b.mark], "beta campanha.txt", { type: "text/plain" }));
  await b.call("POST", `/campaigns/${campaign.body.id}/media-upload`, file);
  await b.call("POST", "/campaign-suppressions", { number: "5511977776666" });
};
export default seed;
