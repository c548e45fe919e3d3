import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

/** No pages or menu yet (issue 25): this entry registers the plan feature's label the plans screen shows. */
export default defineWebPlugin({ manifest, translations: { pt, en, es, tr } });
