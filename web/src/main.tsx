import "@blueprintjs/core/lib/css/blueprint.css";
import "@blueprintjs/icons/lib/css/blueprint-icons.css";
import "./layout/shell.css";
import "./layout/whitelabel.css";
import "./ui/ui.css";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { initI18n } from "./i18n/i18n.ts";
import { installSessionHooks } from "./session/session-actions.ts";
import { store } from "./store/store.ts";

initI18n();
installSessionHooks(store);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(<App store={store} />);
