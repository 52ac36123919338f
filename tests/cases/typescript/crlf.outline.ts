import { EventEmitter } from 'events';

/** Throttle calls to `fn`. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void { /* … */ }

export interface Tick {
  at: number;
  label?: string;
}

export enum Speed {
  Slow = 1000,
  Fast = 100,
}

export class Ticker extends EventEmitter {
  private handle?: ReturnType<typeof setInterval>;

  start(speed: Speed = Speed.Slow): void { /* … */ }

  stop(): void { /* … */ }
}

export const LABELS = [/* … */] as const;
