import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

/** An uploaded (not started) import of B, its file named with the mark. Its error rows are written only by the import job. */
const seed: TenancySeed = async (b) => {
  const form = new FormData();
  form.append("file", new File([`Nome;Número\n${b.mark} import;5511987650001\n`], `${b.mark}.csv`, { type: "text/csv" }));
  await b.call("POST", "/contacts/import/upload", form);
};
export default seed;
