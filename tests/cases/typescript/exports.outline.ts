import fs, { promises as fsp } from 'fs';
import * as os from 'os';
import type { Stats } from 'fs';
import type * as Types from './types';
import { type User, type Role, Permission } from './types';
import json from './data.json' with { type: 'json' };
import Legacy = require('./legacy');
import Alias = Types.User;
import './side-effect';

export * from './types';
export * as shapes from './classes';
export type { Shape } from './classes';
export { parse as parseNumber, Circle } from './classes';
export { default } from './main';
export { default as Main, type MainOptions } from './main';

const VERSION = '2.0.0';
function helper(x: number): number { /* … */ }
export { VERSION, helper as double };

export const stat = async (p: string): Promise<Stats> => fsp.stat(p);

export declare const BUILD_ID: string;
export declare function log(message: string, ...args: unknown[]): void;

export let mutable: User | undefined;

export import Perm = Permission;

export abstract class Task<T> {
  abstract run(): Promise<T>;
}

export default class Runner {
  constructor(private readonly tasks: Task<unknown>[] = []) {}

  async runAll(): Promise<unknown[]> { /* … */ }
}

export function cpuCount(): number { /* … */ }

export const api = {
  version: VERSION,
  async read(path: string): Promise<string> { /* … */ },
  write: async (path: string, data: string): Promise<void> => { /* … */ },
  get user(): User | undefined { /* … */ },
  legacy: Legacy,
  json,
  existsSync: fs.existsSync,
} satisfies Record<string, unknown>;
