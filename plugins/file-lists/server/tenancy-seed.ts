import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

/** A file list of B with one option carrying a file. */
const seed: TenancySeed = async (b) => {
  const list = await b.call("POST", "/files", { name: `${b.mark} list`, message: `${b.mark} message`, options: [{ name: `${b.mark} option` }] });
  const form = new FormData();
  form.append("fileId", String(list.body.options[0].id));
  form.append("files", new File([b.mark], "beta.txt", { type: "text/plain" }));
  await b.call("POST", `/files/uploadList/${list.body.id}`, form);
};
export default seed;
