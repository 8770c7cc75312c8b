import { z } from "zod";

// Zod probes `new Function` to compile fast parsers; under our Content-Security-Policy (no
// 'unsafe-eval') the browser reports every probe as a violation. Imported first by the root
// route, before any schema is built.
z.config({ jitless: true });
