// Large literals behind more than one type operator: `as const satisfies …`,
// `satisfies … as …`. All are inert data, elided at outline.
import type { Route } from './router';

type Currency = { code: string; symbol: string; name: string };

export const CURRENCIES = [
  { code: 'EUR', symbol: '€', name: 'Euro' },
  { code: 'JPY', symbol: '¥', name: '日本円' },
  { code: 'CNY', symbol: '¥', name: '人民币' },
  { code: 'GBP', symbol: '£', name: 'Pound sterling' },
  { code: 'INR', symbol: '₹', name: 'भारतीय रुपया' },
  { code: 'BTC', symbol: '₿', name: 'Bitcoin 🚀' },
] as const satisfies readonly Currency[];

export const BREAKPOINTS = {
  xs: 0,
  sm: 576,
  md: 768,
  lg: 992,
  xl: 1200,
  xxl: 1400,
} as const satisfies Record<string, number>;

const ROUTES = {
  home: { path: '/' },
  about: { path: '/about' },
  blog: { path: '/blog' },
  post: { path: '/blog/:slug' },
  contact: { path: '/contact' },
} satisfies Record<string, Route> as Record<string, Route>;

/** Look a currency up by its ISO code. */
export function currency(code: string): Currency | undefined { /* … */ }

export { ROUTES };
