#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench` entry (the root script runs `node bench/run.mjs`): runs the TypeScript benchmark (bench/run.ts)
 * under tsx, passing its exit code on. Plain JavaScript so the root script needs no loader flags.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('./run.ts', import.meta.url));
const child = spawn(process.execPath, ['--import', 'tsx', entry], { stdio: 'inherit' });
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
