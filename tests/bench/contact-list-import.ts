/**
 * A campaign contact list's import (plugins/campaigns, issue 25): a real server process takes a
 * 100,000-row .xlsx (Nome, Numero, Email) through POST /contact-lists/{id}/upload, which reads,
 * checks and inserts it before answering. Prints the upload's time beside the aim (< 20 s), the
 * server's peak resident memory meanwhile beside the aim (< 300 MB; VmHWM reset before the
 * upload through /proc/<pid>/clear_refs, else sampled VmRSS), and the rows that went in.
 *   bun tests/bench/contact-list-import.ts
 * Overrides: BENCH_ROWS=100000
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { benchServer, login, ms, now, proc, report } from "./support.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error("BENCH_ROWS must be a positive integer");
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

async function makeFile(): Promise<Uint8Array<ArrayBuffer>> {
  const path = `/tmp/contact-list-import-bench-${process.pid}.xlsx`;
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet("Contatos");
  sheet.addRow(["Nome", "Numero", "Email"]).commit();
  for (let i = 0; i < ROWS; i += 1) sheet.addRow([`Cliente ${i}`, `55119${String(10_000_000 + i)}`, `cliente${i}@loja.test`]).commit();
  sheet.commit();
  await book.commit();
  const bytes = new Uint8Array(readFileSync(path));
  rmSync(path, { force: true });
  return bytes;
}

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
  const created = await fetch(`${server.url}/contact-lists`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ name: "Bench" }) });
  const list = (await created.json()) as { id: number };
  if (!created.ok) throw new Error(`list: ${created.status} ${JSON.stringify(list)}`);
  const bytes = await makeFile();
  await sleep(1000);
  const baseline = proc.memoryMiB(pid, "VmRSS");
  const resettable = resetPeak(pid);
  let sampled = baseline;
  let running = true;
  const sampler = (async () => {
    while (running) {
      sampled = Math.max(sampled, proc.memoryMiB(pid, "VmRSS"));
      await sleep(100);
    }
  })();
  const form = new FormData();
  form.append("file", new File([bytes], "lista.xlsx"));
  const started = now();
  const res = await fetch(`${server.url}/contact-lists/${list.id}/upload`, { method: "POST", headers: auth, body: form });
  const answer = (await res.json()) as { imported?: number; refusedCount?: number };
  const elapsed = now() - started;
  running = false;
  await sampler;
  const peak = resettable ? proc.memoryMiB(pid, "VmHWM") : sampled;
  if (!res.ok || answer.imported !== ROWS) throw new Error(`upload: ${res.status} ${JSON.stringify(answer)}`);
  report("contact-list-import xlsx", {
    rows: fmt(ROWS),
    file: `${(bytes.length / 1048576).toFixed(1)} MiB`,
    upload: `${ms(elapsed)} (aim < 20 s)`,
    rows_per_s: fmt(ROWS / (elapsed / 1000)),
    imported: fmt(answer.imported),
    refused: answer.refusedCount ?? 0,
    rss_before: `${baseline.toFixed(0)} MiB`,
    peak_rss: `${peak.toFixed(0)} MiB${resettable ? "" : " (sampled)"} (aim < 300 MB)`,
  });
} finally {
  await server.stop();
}
