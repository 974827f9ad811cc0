// Preloaded with `node --import`: records every module URL the process resolves, one per line, in the file named by
// RECORD_IMPORTS_TO. The hooks run on Node's loader thread, so they append to a file instead of sharing memory.
import { register } from 'node:module';

register('./record-imports-hooks.mjs', import.meta.url, { data: { out: process.env.RECORD_IMPORTS_TO } });
