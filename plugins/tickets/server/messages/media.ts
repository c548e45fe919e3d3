/** The spec's message media type for a MIME type: image, audio, video, else application (download). */
export function mediaTypeOf(mimetype: string): "image" | "audio" | "video" | "application" {
  const kind = mimetype.split("/")[0]?.toLowerCase();
  return kind === "image" || kind === "audio" || kind === "video" ? kind : "application";
}

const MIME_BY_EXT: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  mp4: "video/mp4",
  "3gp": "video/3gpp",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  opus: "audio/ogg",
  m4a: "audio/mp4",
  wav: "audio/wav",
  pdf: "application/pdf",
  txt: "text/plain",
  csv: "text/csv",
  zip: "application/zip",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The MIME type a file name suggests (application/octet-stream when unknown). */
export function mimeOfName(name: string): string {
  const ext = name.split(".").pop()?.toLowerCase() ?? "";
  return MIME_BY_EXT[ext] ?? "application/octet-stream";
}

/**
 * Whether `url` names a file of this company's storage (`/public/company{id}/<name>`):
 * the only media a message may point at without uploading it again. No nested folders,
 * no `..`, no other company's folder, no outside address (nothing is ever fetched).
 */
export function isCompanyMediaUrl(companyId: number, url: string): boolean {
  const prefix = `/public/company${companyId}/`;
  if (!url.startsWith(prefix)) return false;
  const name = url.slice(prefix.length);
  return /^[A-Za-z0-9_-]+(\.[A-Za-z0-9]{1,8})?$/.test(name);
}
