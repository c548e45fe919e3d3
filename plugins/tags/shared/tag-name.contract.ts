/**
 * The tags plugin's name rule, published for other plugins (the contacts import checks the
 * tag names of its file and its tag list with it, so the rule lives in one place).
 */
export { TAG_NAME_MAX, TAG_NAME_MIN, TAG_NAME_TOO_LONG, TAG_NAME_TOO_SHORT, typedTagNameProblem } from "./tag-name.ts";
