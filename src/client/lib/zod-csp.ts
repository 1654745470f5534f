// Zod compiles object parsers with `new Function` when it may. The pages' Content-Security-Policy forbids
// eval, so even Zod's probe for it is reported as a violation (Chrome's Issues panel, Lighthouse's best
// practices). `z.config({ jitless: true })` turns that off, but importing `config` would put about 4 KB of
// Zod into every page; Zod keeps that configuration in this global, read when a schema is created. So the
// browser entry imports this module first, before any schema module runs (e2e/contact-form.e2e.ts checks
// that no violation is reported).
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
