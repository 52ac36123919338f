/**
 * Core domain types.
 *
 * Everything here is types only: nothing is elided at `signatures`.
 */
import type { Readable } from 'node:stream';
import { type Brand, assertNever } from './util';

/** A user id. */
export type UserId = Brand<string, 'UserId'>;

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K];
};

type Handler<E extends keyof EventMap = keyof EventMap> = (event: EventMap[E]) => void | Promise<void>;

export type Unwrap<T> = T extends Promise<infer U> ? Unwrap<U> : T;

/**
 * A user of the system.
 * Created by {@link createUser}.
 */
export interface User {
  readonly id: UserId;
  name: string;
  email?: string;
  roles: Role[];
  /** Last login, if any. */
  lastLogin: Date | null;
  [extra: string]: unknown;
}

export interface Admin extends User, Auditable {
  permissions: ReadonlySet<Permission>;
  grant(permission: Permission): void;
  revoke?(permission: Permission): boolean;
  new (name: string): Admin;
  (query: string): User[];
}

interface Auditable {
  audit<T extends object>(action: string, payload?: T): Promise<void>;
}

interface EventMap {
  login: { user: User; at: Date };
  logout: { user: User };
  error: Error;
}

export enum Role {
  Guest,
  Member = 'member',
  Owner = 'owner',
}

export const enum Permission {
  Read = 1 << 0,
  Write = 1 << 1,
  Admin = Read | Write,
}

declare enum LegacyFlags {
  None = 0,
}

export type Stream = Readable & { id: UserId };

export function describeRole(role: Role): string { /* … L72-83 */ }

export const isAdmin = (user: User): user is Admin => { /* … L85 */ };

export function assertUser(value: unknown): asserts value is User { /* … L87-91 */ }

export type { EventMap, Handler };
