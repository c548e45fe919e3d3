/**
 * The .xls parser's thread (see xls-parse.ts): SheetJS reads a legacy spreadsheet whole and
 * synchronously, which would hold the server's event loop for up to ~0.4 s. Gets the file's
 * bytes, answers its rows as text, or `{ ok: false }` when the file cannot be read.
 */
import { restoreJitPolicy } from "../runtime/jit-policy.ts";
import { parseXlsHere } from "./xls-parse.ts";

// SheetJS is hot code here: the binary's reluctant start-up JIT policy must not slow it down.
restoreJitPolicy();

declare const self: { onmessage: ((e: MessageEvent<Uint8Array>) => void) | null; postMessage(m: unknown): void };

self.onmessage = async (e) => {
  try {
    self.postMessage({ ok: true, result: await parseXlsHere(e.data) });
  } catch {
    self.postMessage({ ok: false });
  }
};
