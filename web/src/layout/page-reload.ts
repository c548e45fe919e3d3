/** Reloads the page (the spec's refresh button); replaceable in tests. */
export const pageReload = { run: () => window.location.reload() };
