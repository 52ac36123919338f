// A TypeScript file with CRLF line endings.
import { EventEmitter } from 'events';

/**
 * Throttle calls to `fn`.
 * At most one call per `ms` milliseconds.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void { /* … L8-17 */ }

export interface Tick {
  at: number;
  // label shown in logs
  label?: string;
}

export enum Speed {
  Slow = 1000,
  Fast = 100,
}

export class Ticker extends EventEmitter {
  private handle?: ReturnType<typeof setInterval>;

  start(speed: Speed = Speed.Slow): void { /* … L33-35 */ }

  stop(): void { /* … L37-39 */ }
}

export const LABELS = [
  'één',
  'twee',
  'drie',
  'vier',
  'vijf',
] as const;
