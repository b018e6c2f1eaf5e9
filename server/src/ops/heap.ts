import { setFlagsFromString } from 'node:v8';

/**
 * The server's heap grows by at most `percent` past what the last full collection kept before V8 collects again
 * (V8's `--heap-growing-percent`, read at every collection). Left to itself V8 lets an old generation grow by up to
 * four times its live size on a machine with much memory: a server with some 100 MB live data then reached 260–290 MB
 * resident after ordinary API load or one large export, most of it garbage, where 50 % keeps it under 200 MB at the
 * same speed (docs/operations.md "Memory"). It caps nothing: the heap still grows as far as the live data needs.
 * 0 leaves V8's own factor.
 */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
