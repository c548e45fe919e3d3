/**
 * Why a shipping row was skipped from the start, in its `error` column (the report counts
 * each apart from `failed`, the targets the channel refused while sending).
 */
/** The number is on the company's opt-out list (README "Opt-out"). */
export const SUPPRESSED = "SUPPRESSED";
/** The channel said the list item's number is not on WhatsApp (`isWhatsappValid` false). */
export const INVALID_NUMBER = "INVALID_NUMBER";
