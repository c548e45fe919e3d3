import { customAlphabet } from "nanoid";
import { TOKEN_ALPHABET, TOKEN_LENGTH } from "../shared/connection-rules.ts";

/** A connection token: 30 letters and digits from crypto.getRandomValues (nanoid), ~178 bits. */
export const newToken: () => string = customAlphabet(TOKEN_ALPHABET, TOKEN_LENGTH);
