// Classes: fields, private members, accessors, static blocks, mixins.
import { Base } from './base.js';

const Serializable = (Sup) =>
  class extends Sup {
    toJSON() {
      return { ...this };
    }
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
  onChange = () => {
    this.dispatchEvent(new Event('change'));
  };

  static {
    Account.#registry.set('default', new Account('system'));
    if (typeof window !== 'undefined') {
      window.Account = Account;
    }
  }

  constructor(owner, initial = 0) {
    super();
    this.owner = owner;
    this.#balance = initial;
  }

  /** The balance, in cents. */
  get balance() {
    return this.#balance;
  }

  set balance(value) {
    if (value < 0) throw new RangeError('negative balance');
    this.#balance = value;
    this.onChange();
  }

  #audit(action) {
    console.log(`[audit] ${this.owner}: ${action}`);
  }

  deposit(amount) {
    this.#audit('deposit');
    this.balance += amount;
    return this;
  }

  static lookup(name) {
    return Account.#registry.get(name);
  }

  static async load(id, fetcher = async (i) => ({ owner: String(i) })) {
    const data = await fetcher(id);
    return new Account(data.owner);
  }

  *[Symbol.iterator]() {
    yield this.owner;
    yield this.#balance;
  }

  async *history() {
    yield* [];
  }
}

class Savings extends Account {
  rate = 0.02;

  accrue() {
    this.deposit(Math.round(this.balance * this.rate));
  }
}

export const Empty = class {};

export { Savings };
