/** 1536 -> "1.5 KB": folder sizes as people read them (binary units, one decimal). */
export function formatBytes(bytes: number | null | undefined): string {
  if (!bytes || bytes < 0 || !Number.isFinite(bytes)) return "0 B";
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 ? String(value) : value.toFixed(1).replace(/\.0$/, "");
  return `${text} ${units[unit]}`;
}
