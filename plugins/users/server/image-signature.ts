/**
 * Checks a file's first bytes against the raster image formats avatars accept, so a
 * renamed script or HTML page is refused even with an image extension and MIME type.
 */
export async function isRasterImage(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  const ascii = (from: number, text: string) => [...text].every((ch, i) => head[from + i] === ch.charCodeAt(0));
  return (
    starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) || // PNG
    starts(0xff, 0xd8, 0xff) || // JPEG
    ascii(0, "GIF87a") ||
    ascii(0, "GIF89a") ||
    (ascii(0, "RIFF") && ascii(8, "WEBP"))
  );
}
