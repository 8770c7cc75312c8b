// eslint-disable-next-line no-restricted-imports -- the one place that imports zod itself
import { z } from "zod";

// Zod probes `new Function` to compile fast parsers; under our Content-Security-Policy (no
// 'unsafe-eval') the browser reports every probe as a violation. Every module takes `z` from
// here (lint enforces it), so the setting is made before any schema is built or used, and
// pages without a schema don't load zod at all.
z.config({ jitless: true });

export { z };
