/** Why a spreadsheet could not be read; the caller maps each to its own error code. */
export type SheetFailure =
  /** Not a spreadsheet we can read: corrupt, encrypted, truncated, or not what its name says. */
  | "bad-file"
  /** It unpacks to more than the limits allow (a part too large, or packed like a zip bomb). */
  | "too-large"
  /** More records than `limits.records`: refused whole rather than cut. */
  | "too-many-rows"
  /** The caller's `signal` stopped the reading (its time limit). */
  | "timeout";

/**
 * The one error the spreadsheet library throws. It names no plugin's code: a plugin turns it
 * into its own (contacts-import: `ERR_CONTACT_IMPORT_BAD_FILE`, ...), so the library stays a
 * tool any plugin may use.
 * @example
 * try { for await (const r of readSheet("csv", path)) use(r); }
 * catch (err) { if (err instanceof SheetError && err.failure === "too-large") refuse(); else throw err; }
 */
export class SheetError extends Error {
  constructor(readonly failure: SheetFailure) {
    super(`spreadsheet: ${failure}`);
    this.name = "SheetError";
  }
}

export const badFile = () => new SheetError("bad-file");
export const tooLarge = () => new SheetError("too-large");
