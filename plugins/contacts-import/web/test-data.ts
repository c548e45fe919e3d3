import type { ContactImport, ImportPreview } from "../shared/import-types.ts";

/** An import as the API answers it, for web tests. */
export function sampleImport(overrides: Partial<ContactImport> = {}): ContactImport {
  return {
    id: 7,
    companyId: 2,
    userId: 1,
    source: "file",
    whatsappId: null,
    fileName: "clientes.csv",
    format: "csv",
    status: "uploaded",
    columns: ["name", "number", "email"],
    headers: ["Nome", "Telefone", "E-mail"],
    hasHeader: true,
    tagIds: [],
    totalRows: null,
    processedRows: 0,
    created: 0,
    updated: 0,
    failed: 0,
    error: "",
    startedAt: null,
    finishedAt: null,
    createdAt: "2026-11-27T12:00:00.000Z",
    updatedAt: "2026-11-27T12:00:00.000Z",
    ...overrides,
  };
}

/** POST /contacts/import/upload's answer for a small CSV. */
export function samplePreview(): ImportPreview {
  return {
    contactImport: sampleImport(),
    rows: [
      ["Nome", "Telefone", "E-mail"],
      ["Ana Souza", "(11) 98765-4321", "ana@x.com"],
      ["Bruno Lima", "21 99888-7777", ""],
    ],
    columns: ["name", "number", "email"],
    hasHeader: true,
  };
}
