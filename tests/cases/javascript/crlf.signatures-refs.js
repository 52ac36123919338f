'use strict';

/**
 * Event bus with CRLF line endings.
 * Subscribers are called in order.
 */
const EventEmitter = require('events');

// handlers by topic
const topics = new Map();

function subscribe(topic, handler) { /* … L12-18 */ }

function unsubscribe(topic, handler) { /* … L20-23 */ }

class Bus extends EventEmitter {
  /**
   * Publish a message.
   */
  publish(topic, payload) { /* … L29-32 */ }
}

const LEVELS = [
  'trace',
  'debug',
  'info',
  'warn',
  'error',
];

if (process.env.BUS_DEBUG) {
  console.log('bus debug on');
}

module.exports = { subscribe, unsubscribe, Bus, LEVELS };
