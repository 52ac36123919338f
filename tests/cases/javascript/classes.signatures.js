// Classes: fields, private members, accessors, static blocks, mixins.
import { Base } from './base.js';

const Serializable = (Sup) =>
  class extends Sup {
    toJSON() { /* … */ }
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
  onChange = () => { /* … */ };

  static { /* … */ }

  constructor(owner, initial = 0) { /* … */ }

  /** The balance, in cents. */
  get balance() { /* … */ }

  set balance(value) { /* … */ }

  #audit(action) { /* … */ }

  deposit(amount) { /* … */ }

  static lookup(name) { /* … */ }

  static async load(id, fetcher = async (i) => ({ owner: String(i) })) { /* … */ }

  *[Symbol.iterator]() { /* … */ }

  async *history() { /* … */ }
}

class Savings extends Account {
  rate = 0.02;

  accrue() { /* … */ }
}

export const Empty = class {};

export { Savings };
