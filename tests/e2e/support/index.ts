/** The end-to-end harness: a real server process and Debian's Chromium. */
export { ADMIN, freePort, login, navigate, ROOT, startServer, waitFor200, type RunningServer, type StartOptions } from "./server.ts";
export { CHROMIUM_ARGS, launchBrowser, screenshot, SCREENSHOTS, settled, type LaunchedBrowser } from "./browser.ts";
export { callApi, customerMessage, type InboundAnswer, until } from "./api.ts";
export { signIn } from "./sign-in.ts";
