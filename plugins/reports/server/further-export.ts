import { csvBytes, type PdfTable, pdfDocument, zipFiles } from "../../../core/spreadsheet/index.ts";
import { DURATION_BUCKETS, type FurtherReportsService } from "./further-reports.service.ts";
import type { Range } from "./report-range.ts";
import type { Elapsed } from "./sla-compliance.ts";

/*
 * The further reports as files: a PDF of their tables, or a .zip with one CSV per table. The
 * files speak the spec's language (Portuguese), like relatorio-de-atendimentos.xlsx.
 */

export type FurtherReport = "group-attendance" | "ticket-duration" | "survey-results";

interface FileTable extends PdfTable {
  /** The CSV's name inside the zip. */
  file: string;
}

const FILE_NAMES: Record<FurtherReport, [string, string]> = {
  "group-attendance": ["atendimentos-em-grupos", "Atendimentos em grupos"],
  "ticket-duration": ["duracao-dos-atendimentos", "Duração dos atendimentos"],
  "survey-results": ["pesquisa-de-satisfacao", "Pesquisa de satisfação (NPS)"],
};

const nobody = "Sem atendente";
const num = (n: number | null) => (n === null ? "" : String(n));

/** `[0,15) min` … `≥ 1440 min`: the duration buckets' labels. */
export function bucketLabels(): string[] {
  const b = DURATION_BUCKETS;
  return [`< ${b[0]} min`, ...b.slice(1).map((to, i) => `${b[i]}–${to} min`), `≥ ${b[b.length - 1]} min`];
}

async function tables(s: FurtherReportsService, report: FurtherReport, companyId: number, range: Range, elapsed?: Elapsed): Promise<FileTable[]> {
  if (report === "group-attendance") {
    const { rows } = await s.groupAttendance(companyId, range, elapsed);
    return [
      {
        file: "atendimentos-em-grupos.csv",
        title: FILE_NAMES[report][1],
        header: ["Grupo", "Atendente", "Tickets", "Resolvidos", "Atendimento médio (min)"],
        rows: rows.map((r) => [r.groupName ?? `#${r.groupId}`, r.userName ?? nobody, num(r.tickets), num(r.resolved), num(r.avgSupportMinutes)]),
      },
    ];
  }
  if (report === "ticket-duration") {
    const { rows } = await s.ticketDuration(companyId, range, elapsed);
    return [
      {
        file: "duracao-por-fila.csv",
        title: FILE_NAMES[report][1],
        header: ["Fila", ...bucketLabels(), "Total"],
        rows: rows.map((r) => [r.queueName ?? "Sem fila", ...r.buckets.map(num), num(r.total)]),
      },
    ];
  }
  const survey = await s.surveyResults(companyId, range);
  const splitCells = (x: { answers: number; promoters: number; passives: number; detractors: number; npsScore: number }) =>
    [x.answers, x.promoters, x.passives, x.detractors, x.npsScore].map(num);
  return [
    {
      file: "nps-distribuicao.csv",
      title: "Respostas por nota (0–10)",
      header: ["Nota", "Respostas"],
      rows: survey.distribution.map((n, score) => [String(score), num(n)]),
    },
    {
      file: "nps-por-atendente.csv",
      title: "Promotores, neutros e detratores por atendente",
      header: ["Atendente", "Respostas", "Promotores (9–10)", "Neutros (7–8)", "Detratores (0–6)", "NPS"],
      rows: [...survey.attendants.map((a) => [a.userName ?? nobody, ...splitCells(a)]), ["Total", ...splitCells(survey.totals)]],
    },
  ];
}

/** The file's name and bytes: `<report>.pdf` or `<report>.zip`; `elapsed`: support times on the office-hours clock (businessHours=true). */
export async function furtherFile(
  s: FurtherReportsService,
  report: FurtherReport,
  format: "pdf" | "zip",
  companyId: number,
  range: Range,
  elapsed?: Elapsed,
): Promise<{ name: string; bytes: Uint8Array }> {
  const [base, title] = FILE_NAMES[report];
  const list = await tables(s, report, companyId, range, elapsed);
  if (format === "pdf") return { name: `${base}.pdf`, bytes: pdfDocument(list, { title, subtitle: `${range.from} a ${range.to}` }) };
  return { name: `${base}.zip`, bytes: zipFiles(list.map((t) => ({ name: t.file, data: csvBytes(t.header, t.rows) }))) };
}
