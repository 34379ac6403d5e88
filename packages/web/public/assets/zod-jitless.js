// Loaded before the app's modules (index.html, calc.html): zod checks its schemas without
// compiling code at run time. Otherwise zod probes `new Function` once while the modules
// define their schemas, and a page under the server's Content-Security-Policy (no
// 'unsafe-eval') reports the probe as a violation even though zod catches it. The checks
// give the same results either way (e2e csp.test.ts loads every page with the policy on).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true });
