import type { Locale } from './i18n';

export const COLORS = {/* … */} as const;

export type ColorName = keyof typeof COLORS;

export const CURRENCIES = [/* … */] as const;

const SMALL = { a: 1, b: 2 } as const;

export const STATUS_TEXT: Record<number, string> = {/* … */};

export const FEATURE_FLAGS = {/* … */} satisfies Record<string, unknown>;

const GREETINGS: Record<Locale, string> = {/* … */};

/** Handlers stay: an object holding functions is not inert data. */
export const HANDLERS = {
  json: (body: string) => { /* … */ },
  text: (body: string) => body,
  csv(body: string): string[][] { /* … */ },
  html: (body: string) => body,
  xml: (body: string) => body,
  none: null,
} as const;

export const SQL = `…`;

export function greet(locale: Locale): string { /* … */ }

export const pick = <T extends object, K extends keyof T>(obj: T, ...keys: K[]): Pick<T, K> => { /* … */ };

void SMALL;
