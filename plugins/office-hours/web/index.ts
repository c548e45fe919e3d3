import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

/** No pages or menu: this entry registers the wording of the editor other plugins show (web/public.ts). */
export default defineWebPlugin({ manifest, translations: { pt, en, es, tr } });
