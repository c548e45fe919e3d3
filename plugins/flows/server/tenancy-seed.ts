import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

const seed: TenancySeed = async (b) => {
  const flow = (await b.call("POST", "/flowbuilder", { name: `${b.mark} flow`.slice(0, 50) })).body as { id: number };
  await b.call("POST", "/flowbuilder/flow", {
    idFlow: flow.id,
    nodes: [{ id: "s", type: "start", position: { x: 0, y: 0 }, data: { label: `${b.mark} start` } }],
    connections: [],
  });
  await b.call("PUT", `/flowbuilder/${flow.id}/draft`, { nodes: [{ id: "s", type: "start", data: { label: `${b.mark} draft` } }], connections: [] });
  await b.call("POST", "/flowcampaign", { name: `${b.mark} phrase`, phrase: `${b.mark} phrase`, flowId: flow.id });
};
export default seed;
