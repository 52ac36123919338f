// Classes: fields, private members, accessors, static blocks, mixins.
import { Base } from './base.js';

const Serializable = (Sup) =>
  class extends Sup {
    toJSON() { /* … L6-8 */ }
  };

/**
 * A bank account.
 * Balances are kept in cents.
 */
export class Account extends Serializable(Base) {
  static #registry = new Map();
  static currency = 'EUR';
  #balance = 0;
  owner;
  createdAt = Date.now();
  onChange = () => { /* … L21-23 */ };

  static { /* … L25-30 */ }

  constructor(owner, initial = 0) { /* … L32-36 */ }

  /** The balance, in cents. */
  get balance() { /* … L39-41 */ }

  set balance(value) { /* … L43-47 */ }

  #audit(action) { /* … L49-51 */ }

  deposit(amount) { /* … L53-57 */ }

  static lookup(name) { /* … L59-61 */ }

  static async load(id, fetcher = async (i) => ({ owner: String(i) })) { /* … L63-66 */ }

  *[Symbol.iterator]() { /* … L68-71 */ }

  async *history() {
    yield* [];
  }
}

class Savings extends Account {
  rate = 0.02;

  accrue() { /* … L81-83 */ }
}

export const Empty = class {};

export { Savings };
