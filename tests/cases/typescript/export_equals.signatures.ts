// A CommonJS-style module written in TypeScript.
import path = require('path');
import type { Options } from './options';

namespace Formatter {
  export interface Config {
    indent: number;
    newline: '\n' | '\r\n';
  }

  export const defaults: Config = { indent: 2, newline: '\n' };

  export function format(value: unknown, config: Partial<Config> = {}): string { /* … */ }

  export namespace Paths {
    export function relative(from: string, to: string): string { /* … */ }
  }
}

/**
 * Callable side of the merged declaration.
 * `Formatter(opts)` formats the options themselves.
 */
function Formatter(options?: Options): string { /* … */ }

export = Formatter;
