import { readFile } from "node:fs/promises";
import { badFile, SheetError } from "./sheet-error.ts";
import { SHEET_LIMITS } from "./sheet-limits.ts";
import { cellText, MAX_COLUMNS, MAX_ROWS } from "./cells.ts";

/** A parsed .xls: its first sheet's rows as text, and the row number the sheet starts at (0-based). */
export interface XlsRows {
  firstRow: number;
  rows: string[][];
}

/**
 * Parses a legacy .xls with SheetJS (@e965/xlsx). Synchronous and whole-file by nature: the
 * format's largest file (65,536 rows) takes about 0.4 s of one core, so it runs here only
 * when called from the worker (xls-worker.ts) or when no worker can start.
 */
export async function parseXlsHere(bytes: Uint8Array): Promise<XlsRows> {
  const XLSX = await import("@e965/xlsx");
  const book = XLSX.read(bytes, { type: "array", dense: true, cellFormula: false, cellHTML: false, cellText: false, cellStyles: false, sheetRows: MAX_ROWS });
  const sheet = book.Sheets[book.SheetNames[0] ?? ""];
  if (!sheet) return { firstRow: 0, rows: [] };
  const firstRow = sheet["!ref"] ? XLSX.utils.decode_range(sheet["!ref"]).s.r : 0;
  const raw = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: "", blankrows: true });
  return { firstRow, rows: raw.map((r) => (r ?? []).slice(0, MAX_COLUMNS).map(cellText)) };
}

type WorkerAnswer = { ok: true; result: XlsRows } | { ok: false };

/** The parse on a worker thread, so the server keeps answering; null when no worker could start (then it runs here). */
function inWorker(bytes: Uint8Array, timeoutMs: number, signal?: AbortSignal): Promise<WorkerAnswer | null> {
  let worker: Worker;
  try {
    worker = new Worker(new URL("./xls-worker.ts", import.meta.url).href, { type: "module" });
  } catch {
    return Promise.resolve(null);
  }
  return new Promise<WorkerAnswer | null>((resolve) => {
    const timer = setTimeout(() => done({ ok: false }), timeoutMs);
    // The preview's time limit stops the parse too (the worker is terminated below).
    const stop = () => done({ ok: false });
    signal?.addEventListener("abort", stop, { once: true });
    const done = (answer: WorkerAnswer | null) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", stop);
      resolve(answer);
    };
    worker.onmessage = (e: MessageEvent<WorkerAnswer>) => done(e.data);
    // The module could not load here (a runtime without module workers): parse on this thread.
    worker.onerror = () => done(null);
    worker.postMessage(bytes, [bytes.buffer as ArrayBuffer]);
  }).finally(() => worker.terminate());
}

/**
 * A stored .xls's rows; SheetError "timeout" when `signal` stopped it, "bad-file" when SheetJS
 * cannot read it, the file is gone, or the worker outlived `timeoutMs` (a file built to be slow).
 */
export async function parseXls(path: string, signal?: AbortSignal, timeoutMs = SHEET_LIMITS.xlsParseMs): Promise<XlsRows> {
  const bytes = await readFile(path).catch(() => {
    throw badFile();
  });
  const answer = await inWorker(new Uint8Array(bytes), timeoutMs, signal);
  if (signal?.aborted) throw new SheetError("timeout");
  if (answer?.ok) return answer.result;
  if (answer) throw badFile();
  try {
    return await parseXlsHere(new Uint8Array(await readFile(path)));
  } catch {
    throw badFile();
  }
}
