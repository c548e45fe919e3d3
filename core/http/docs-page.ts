/** The interactive API reference, Swagger UI served from our own assets (no CDN). */
export const docsPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/docs-assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/docs-assets/swagger-ui-bundle.js"></script>
<script src="/docs-assets/init.js"></script>
</body></html>`;

/** Starts Swagger UI; a file of its own because the Content-Security-Policy allows no inline script. */
export const docsInitScript = `window.ui = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui", persistAuthorization: true });\n`;
