import { apiBase } from "../../../web/src/api/api.ts";

/** Images are served by the API server, which may live on another origin in development. */
export const mediaSrc = (url: string | null | undefined): string | null => (url ? `${apiBase}${url}` : null);

export const IMAGE_EXTENSIONS = [".png", ".jpg", ".jpeg"] as const;
/** Mirrors the server's limit for announcement images. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Null when the file is acceptable, else the i18n key of the problem. */
export function imageProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext))) return "validation.imageType";
  if (file.size > IMAGE_MAX_BYTES) return "validation.imageSize";
  return null;
}
