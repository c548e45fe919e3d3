/**
 * What other plugins' web code may use of the connections plugin. Anything else under
 * plugins/connections/web is internal (tests/architecture/rules.test.ts checks it).
 */

/** A connection as GET /whatsapp lists it (inferred from the server's schema; type-only, nothing of the server is bundled). */
export type { Connection } from "../shared/connection-types.ts";

/** A QR code drawn as SVG (the billing plugin's PIX payment screen draws its BR Code with it). */
export { QrImage, type QrImageProps } from "./qr-image.tsx";

/** The connection dialog's zone and its props: `connections.dialog.handlers` (integration, prompt and flow selectors). */
export type { ConnectionHandlerField, ConnectionHandlerProps } from "./zones.ts";
