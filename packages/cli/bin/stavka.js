#!/usr/bin/env node
// The stavka command: TypeScript sources run through tsx, no build step.
import { register } from 'tsx/esm/api';

register();
const { run } = await import('../src/main.ts');
await run();
