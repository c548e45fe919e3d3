/**
 * The contacts import (plugins/contacts-import, issue 16): a real server process imports a
 * spreadsheet of 100,000 new contacts (CSV, then XLSX) through its API (upload, start, the
 * durable job), and then exports them. Prints per format: rows/s from start to `done`, the
 * server's peak resident memory during the import (VmHWM, reset before each run through
 * /proc/<pid>/clear_refs; sampled VmRSS where that is refused), and how the server answered
 * meanwhile (GET /version every 100 ms: p50/p99/max, beside the same for 5 s before the
 * import), which shows whether the import held the event loop.
 *   bun tests/bench/contacts-import.ts
 * Overrides: BENCH_ROWS=100000 BENCH_FORMATS=csv,xlsx
 */
import { readFileSync, writeFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { benchServer, login, ms, now, percentile, proc, report } from "./support.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error("BENCH_ROWS must be a positive integer");
const FORMATS = (process.env.BENCH_FORMATS ?? "csv,xlsx").split(",").map((f) => f.trim()) as ("csv" | "xlsx")[];
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A row as a customer list has it: name, a Brazilian mobile written with a mask, e-mail, a tag. */
const row = (i: number, base: number) => [
  `Cliente ${i}`,
  `+55 (11) 9${String(base + i)
    .padStart(8, "0")
    .replace(/^(\d{4})/, "$1-")}`,
  `cliente${base + i}@loja.test`,
  i % 10 === 0 ? "VIP" : "Varejo",
];

async function makeFile(format: "csv" | "xlsx", base: number): Promise<{ bytes: Uint8Array<ArrayBuffer>; name: string }> {
  if (format === "csv") {
    const lines = ["Nome;Celular;E-mail;Tags"];
    for (let i = 0; i < ROWS; i += 1) lines.push(row(i, base).join(";"));
    return { bytes: new TextEncoder().encode(`${lines.join("\r\n")}\r\n`), name: "bench.csv" };
  }
  const path = `/tmp/contacts-import-bench-${process.pid}.xlsx`;
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet("Clientes");
  sheet.addRow(["Nome", "Celular", "E-mail", "Tags"]).commit();
  for (let i = 0; i < ROWS; i += 1) sheet.addRow(row(i, base)).commit();
  sheet.commit();
  await book.commit();
  return { bytes: new Uint8Array(readFileSync(path)), name: "bench.xlsx" };
}

/** Resets the kernel's peak-RSS mark for the process (Linux: writing 5 to clear_refs); false when not allowed. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

const server = await benchServer({ env: { JOBS_POLL_MS: "100" } });
try {
  const pid = server.process.pid!;
  const { token } = await login(server.url);
  const auth = { authorization: `Bearer ${token}`, accept: "application/json" };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { ...auth, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  for (const [n, format] of FORMATS.entries()) {
    const file = await makeFile(format, n * ROWS);
    await sleep(1000);
    const form = new FormData();
    form.append("file", new File([file.bytes], file.name));
    const uploadStart = now();
    const res = await fetch(`${server.url}/contacts/import/upload`, { method: "POST", headers: auth, body: form });
    const preview = (await res.json()) as { contactImport: { id: number }; columns: string[]; hasHeader: boolean };
    if (!res.ok) throw new Error(`upload: ${res.status} ${JSON.stringify(preview)}`);
    const uploadMs = now() - uploadStart;
    const id = preview.contactImport.id;

    // The same pings with nothing running: what the machine's load alone costs them.
    const idle: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const t0 = now();
      await fetch(`${server.url}/version`);
      idle.push(now() - t0);
      await sleep(100);
    }
    idle.sort((a, b) => a - b);
    const baseline = proc.memoryMiB(pid, "VmRSS");
    const resettable = resetPeak(pid);
    let sampledPeak = baseline;
    const pings: number[] = [];
    let running = true;
    const pinger = (async () => {
      while (running) {
        const t0 = now();
        await fetch(`${server.url}/version`);
        pings.push(now() - t0);
        sampledPeak = Math.max(sampledPeak, proc.memoryMiB(pid, "VmRSS"));
        await sleep(100);
      }
    })();

    const started = now();
    await call("POST", `/contacts/import/${id}/start`, { columns: preview.columns, hasHeader: preview.hasHeader, tags: [] });
    let state: Record<string, unknown> = {};
    for (;;) {
      state = await call("GET", `/contacts/import/${id}`);
      if (["done", "failed", "cancelled"].includes(String(state.status))) break;
      await sleep(200);
    }
    const elapsed = now() - started;
    running = false;
    await pinger;
    const peak = resettable ? proc.memoryMiB(pid, "VmHWM") : sampledPeak;
    if (state.status !== "done" || state.created !== ROWS) throw new Error(`import ended ${JSON.stringify(state)}`);
    pings.sort((a, b) => a - b);
    report(`contacts-import ${format}`, {
      rows: fmt(ROWS),
      file: `${(file.bytes.length / 1048576).toFixed(1)} MiB`,
      upload_and_preview: ms(uploadMs),
      import: `${(elapsed / 1000).toFixed(1)} s`,
      rows_per_s: fmt(ROWS / (elapsed / 1000)),
      rss_before: `${baseline.toFixed(0)} MiB`,
      peak_rss: `${peak.toFixed(0)} MiB${resettable ? "" : " (sampled)"}`,
      idle_version_p50_p99: `${ms(percentile(idle, 50))} / ${ms(percentile(idle, 99))}`,
      version_p50: ms(percentile(pings, 50)),
      version_p99: ms(percentile(pings, 99)),
      version_max: ms(pings.at(-1) ?? NaN),
    });
  }

  for (const format of ["csv", "xlsx"] as const) {
    const t0 = now();
    const res = await fetch(`${server.url}/contacts/export/${format}`, { headers: auth });
    const bytes = (await res.arrayBuffer()).byteLength;
    report(`contacts-export ${format}`, {
      contacts: fmt(ROWS * FORMATS.length),
      file: `${(bytes / 1048576).toFixed(1)} MiB`,
      time: `${((now() - t0) / 1000).toFixed(1)} s`,
      peak_rss_since_start: `${proc.memoryMiB(pid, "VmHWM").toFixed(0)} MiB`,
    });
  }
} finally {
  await server.stop();
}
