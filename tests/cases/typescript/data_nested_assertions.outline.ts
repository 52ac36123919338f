import type { Route } from './router';

type Currency = { code: string; symbol: string; name: string };

export const CURRENCIES = [/* … */] as const satisfies readonly Currency[];

export const BREAKPOINTS = {/* … */} as const satisfies Record<string, number>;

const ROUTES = {/* … */} satisfies Record<string, Route> as Record<string, Route>;

/** Look a currency up by its ISO code. */
export function currency(code: string): Currency | undefined { /* … */ }

export { ROUTES };
