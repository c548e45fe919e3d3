import qrcode from "qrcode-generator";
import { useMemo } from "react";

/**
 * The QR matrix of a text, dark modules as `true`. qrcode-generator (MIT, no dependencies)
 * picks the smallest version that holds the text at error-correction level M.
 */
export function qrMatrix(text: string): boolean[][] {
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const size = qr.getModuleCount();
  return Array.from({ length: size }, (_, r) => Array.from({ length: size }, (_, c) => qr.isDark(r, c)));
}

/** One SVG path for every dark module: a row's run of dark modules becomes one rectangle. */
function pathOf(matrix: boolean[][], margin: number): string {
  const parts: string[] = [];
  matrix.forEach((row, r) => {
    let c = 0;
    while (c < row.length) {
      if (!row[c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < row.length && row[c]) c++;
      parts.push(`M${start + margin} ${r + margin}h${c - start}v1h-${c - start}z`);
    }
  });
  return parts.join("");
}

export interface QrImageProps {
  value: string;
  /** Width and height in CSS pixels. */
  size?: number;
  label: string;
}

/** A QR code as a crisp, scalable SVG with the standard 4-module quiet zone. */
export function QrImage({ value, size = 256, label }: QrImageProps) {
  const { d, total } = useMemo(() => {
    const matrix = qrMatrix(value);
    return { d: pathOf(matrix, 4), total: matrix.length + 8 };
  }, [value]);
  return (
    <svg role="img" aria-label={label} data-testid="qr-image" width={size} height={size} viewBox={`0 0 ${total} ${total}`} shapeRendering="crispEdges">
      <rect width={total} height={total} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}
