import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

/** No screen of its own yet: the entry brings the labels of the plan features this plugin declares (plans screen, home page). */
export default defineWebPlugin({
  manifest,
  translations: { pt, en, es, tr },
});
