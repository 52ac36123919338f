/// <reference types="node" />
// @ts-check
/* global window, document */
/* eslint-disable no-var, prefer-const */
'use strict';

// ---------------------------------------------------------------------------
// Plain section comment: dropped at outline.
// Second line of the section comment.
// ---------------------------------------------------------------------------

import { createStore } from './store.js'; // trailing comment after an import

/**
 * Application state factory.
 *
 * Long description that spans
 * several lines.
 *
 * @returns {object}
 */
export const store = /*#__PURE__*/ createStore({ count: 0 });

/** One-line doc comment stays as it is. */
export const VERSION = '1.0.0';

/*
 * A block comment that is not a doc comment.
 * It is dropped at outline.
 */
export function reset() {
  // a comment inside a body goes with the body
  store.set({ count: 0 });
}

/* istanbul ignore next */
export function debugOnly() {
  return window.__DEBUG__;
}

// eslint-disable-next-line no-unused-vars
export const noop = () => {};

// prettier-ignore
export const MATRIX = [
  1, 0, 0,
  0, 1, 0,
  0, 0, 1,
];

export class Counter {
  // field comment, dropped at outline
  count = 0; // trailing field comment

  /**
   * Add one.
   * Returns the new count.
   */
  increment() {
    return ++this.count;
  }

  /* block comment between methods */
  decrement() {
    return --this.count;
  }
}

/**
 * @deprecated use {@link Counter}
 */
export function makeCounter() {
  return new Counter();
}

/**
 *
 * Summary after a blank line.
 */
export function blankFirstLine() {}

/**   Summary on the opening line,
 *    continued here.
 */
export function summaryOnOpener() {}

document.addEventListener('DOMContentLoaded', () => {
  // runs once
  store.subscribe(() => console.log(store.get()));
});
