// Trunk post-build hook. Trunk starts the hooks of one stage together, so the steps that
// rewrite index.html run here one after the other instead: minify first (it changes the
// files whose hashes the next step lists), then the start-up after the first paint, then
// the offline service worker and the CSP (which hashes the final start-up script).
await import('./minify.mjs');
await import('./paint-first.mjs');
await import('./offline.mjs');
