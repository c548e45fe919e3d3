/**
 * The benchmark's company, built through the real API on an in-process kernel over a
 * fresh embedded database: a plan big enough, the company and its admin, queues, users,
 * one "api" connection (its webhook on a closed loopback port unless given) and kanban tags.
 */
import { plans } from "../../../core/db/tables.ts";
import { createCompanyWithAdmin } from "../../support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../support/test-kernel.ts";

export interface BenchUser {
  id: number;
  email: string;
  password: string;
  queueIds: number[];
}

export interface BenchWorld {
  dataDir: string;
  companyId: number;
  admin: { id: number; email: string; password: string };
  users: BenchUser[];
  queueIds: number[];
  connection: { id: number; token: string };
  tagIds: number[];
}

const QUEUES = [
  { name: "Vendas", color: "#2965CC", greetingMessage: "Olá! Em que podemos ajudar nas suas compras?" },
  { name: "Suporte Técnico", color: "#29A634", greetingMessage: "Olá! Conte-nos o problema." },
  { name: "Financeiro", color: "#D99E0B", greetingMessage: "Olá! Boletos, PIX e reembolsos." },
];
const TAGS = ["Novo lead", "Em negociação", "Aguardando pagamento"];

async function call(t: TestKernel, token: string, method: string, path: string, body?: unknown) {
  const res = await t.call(method, path, { token, body });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * Builds the world and stops the kernel, leaving the database in `dataDir` for the
 * generator and then the real server. The caller removes `dataDir` when done.
 */
export async function createWorld(userCount: number, webhookUrl = "http://127.0.0.1:9/hook"): Promise<BenchWorld> {
  const t = await createTestKernel();
  try {
    const [plan] = await t.kernel.db
      .insert(plans)
      .values({ name: "Bench", users: userCount + 10, connections: 10, queues: 10, isPublic: false })
      .returning();
    const owner = await createCompanyWithAdmin(t, "Atendimento Bench", { planId: plan!.id });
    const token = owner.token;
    const queueIds: number[] = [];
    for (const q of QUEUES) queueIds.push((await call(t, token, "POST", "/queue", q)).id);
    const users: BenchUser[] = [];
    for (let i = 0; i < userCount; i++) {
      // Each attendant works one or two queues; every one may see groups.
      const mine = i % 3 === 0 ? [queueIds[i % 3]!, queueIds[(i + 1) % 3]!] : [queueIds[i % 3]!];
      const email = `atendente${i + 1}@bench.local`;
      const password = "Bench123!";
      const body = { name: `Atendente ${i + 1}`, email, password, profile: "user", allowGroup: true, queueIds: mine };
      users.push({ id: (await call(t, token, "POST", "/users", body)).id, email, password, queueIds: mine });
    }
    const connection = await call(t, token, "POST", "/whatsapp", {
      name: "API Bench",
      channel: "api",
      webhookUrl,
    });
    const tagIds: number[] = [];
    for (const name of TAGS) tagIds.push((await call(t, token, "POST", "/tags", { name, kanban: 1 })).id);
    return {
      dataDir: t.dataDir,
      companyId: owner.company.id,
      admin: { id: owner.user.id, email: owner.email, password: owner.password },
      users,
      queueIds,
      connection: { id: connection.id, token: connection.token },
      tagIds,
    };
  } finally {
    // Not t.close(): that would delete the data the benchmark is about to use.
    await t.kernel.stop();
  }
}
