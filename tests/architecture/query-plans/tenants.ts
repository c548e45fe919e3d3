import type { Client } from "@libsql/client";

/** Per-company configuration and contacts, copied from the template company to each clone. */
const COPIED = ["whatsapps", "queues", "tags", "quick_messages", "contacts"];

/**
 * Copies a small template company `count` times (its connections, queues, tags, quick
 * messages and contacts, plus tags and extra information on the clones' contacts; clones get
 * ids above the template's), so the shared
 * tables hold many companies' rows, as on a real installation. Without them, statistics
 * would describe a database of one company, where reading a whole table is rightly cheap.
 */
export async function cloneCompany(client: Client, templateId: number, count: number): Promise<void> {
  const columnsOf = async (table: string) => (await client.execute(`PRAGMA table_info("${table}")`)).rows.map((r) => String(r.name)).filter((c) => c !== "id");
  const companyColumns = (await columnsOf("companies")).filter((c) => c !== "name");
  const tables = await Promise.all(COPIED.map(async (table) => ({ table, columns: (await columnsOf(table)).filter((c) => c !== "company_id") })));
  const tx = await client.transaction("write");
  try {
    for (let i = 0; i < count; i++) {
      const company = await tx.execute({
        sql: `INSERT INTO companies (name, ${companyColumns.join(", ")}) SELECT name || ' ' || ?, ${companyColumns.join(", ")} FROM companies WHERE id = ? RETURNING id`,
        args: [i, templateId],
      });
      const id = Number(company.rows[0]!.id);
      for (const { table, columns } of tables) {
        // Unique per installation (a connection's token) or pointing at the template's users: varied or dropped.
        const values = columns.map((c) => (c === "token" ? `token || '-${id}'` : c === "user_id" ? "NULL" : c));
        await tx.execute({
          sql: `INSERT INTO ${table} (company_id, ${columns.join(", ")}) SELECT ?, ${values.join(", ")} FROM ${table} WHERE company_id = ?`,
          args: [id, templateId],
        });
      }
    }
    const now = new Date().toISOString();
    await tx.execute({
      sql: `INSERT INTO contact_tags (company_id, contact_id, tag_id, created_at, updated_at)
            SELECT c.company_id, c.id, (SELECT min(t.id) FROM tags t WHERE t.company_id = c.company_id), ?, ? FROM contacts c WHERE c.company_id > ? AND c.id % 2 = 0`,
      args: [now, now, templateId],
    });
    await tx.execute({
      sql: "INSERT INTO contact_extra_info (contact_id, name, value, created_at, updated_at) SELECT id, 'CPF', '000', ?, ? FROM contacts WHERE company_id > ?",
      args: [now, now, templateId],
    });
    await tx.commit();
  } finally {
    tx.close();
  }
}
