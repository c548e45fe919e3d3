import type { TestKernel } from "../../../tests/support/test-kernel.ts";

/** Creates a file list as `token`; fails the test on a non-200. */
export async function createFileList(t: TestKernel, token: string, body: Record<string, unknown>) {
  const res = await t.call("POST", "/files", { token, body });
  if (res.status !== 200) throw new Error(`POST /files: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; name: string; message: string; options: { id: number; name: string; path: string | null; url: string | null; mediaType: string | null }[] };
}

/** The multipart body of POST /files/uploadList/{id}, as the spec's client sends it. */
export function uploadForm(files: { optionId: number; name: string; content?: string; type?: string }[]): FormData {
  const form = new FormData();
  form.append("typeArch", "fileList");
  for (const f of files) {
    form.append("fileId", String(f.optionId));
    form.append("files", new File([f.content ?? "%PDF-1.4"], f.name, { type: f.type ?? "application/pdf" }));
    form.append("mediaType", f.type ?? "application/pdf");
  }
  return form;
}
