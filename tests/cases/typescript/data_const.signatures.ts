// Static tables: large literals are elided at outline, small ones stay.
import type { Locale } from './i18n';

export const COLORS = {
  primary: '#0055ff',
  secondary: '#ff5500',
  success: '#00aa55',
  warning: '#ffaa00',
  danger: '#dd0033',
  muted: '#888888',
} as const;

export type ColorName = keyof typeof COLORS;

export const CURRENCIES = [
  { code: 'EUR', symbol: '€', name: 'Euro' },
  { code: 'JPY', symbol: '¥', name: '日本円' },
  { code: 'CNY', symbol: '¥', name: '人民币' },
  { code: 'GBP', symbol: '£', name: 'Pound sterling' },
  { code: 'INR', symbol: '₹', name: 'भारतीय रुपया' },
  { code: 'BTC', symbol: '₿', name: 'Bitcoin 🚀' },
] as const;

const SMALL = { a: 1, b: 2 } as const;

export const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  404: 'Not Found',
  500: 'Internal Server Error',
};

export const FEATURE_FLAGS = {
  darkMode: true,
  betaSearch: false,
  newCheckout: true,
  experiments: ['a', 'b'],
  rollout: 0.25,
  owner: 'équipe-plateforme',
} satisfies Record<string, unknown>;

const GREETINGS: Record<Locale, string> = {
  fr: 'Bonjour, ça va ?',
  ja: 'こんにちは',
  zh: '你好',
  ar: 'مرحبا',
  emoji: '👋😀',
  de: 'Grüß dich',
};

/** Handlers stay: an object holding functions is not inert data. */
export const HANDLERS = {
  json: (body: string) => { /* … */ },
  text: (body: string) => body,
  csv(body: string): string[][] { /* … */ },
  html: (body: string) => body,
  xml: (body: string) => body,
  none: null,
} as const;

export const SQL = `
  SELECT id, name, email
  FROM users
  WHERE deleted_at IS NULL
    AND name LIKE $1
  ORDER BY created_at DESC
  LIMIT 50
`;

export function greet(locale: Locale): string { /* … */ }

export const pick = <T extends object, K extends keyof T>(obj: T, ...keys: K[]): Pick<T, K> => { /* … */ };

void SMALL;
