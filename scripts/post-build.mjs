// Trunk post-build hook. Trunk starts the hooks of one stage together, so the steps run here
// one after the other instead: first the app's WebAssembly, split by page, into the staged
// build; then the CSS minified; then the offline service worker, which lists every file the
// two steps before wrote.
await import('./build-app.mjs');
await import('./minify.mjs');
await import('./offline.mjs');
