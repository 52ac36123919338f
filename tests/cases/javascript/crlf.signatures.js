'use strict';

/**
 * Event bus with CRLF line endings.
 * Subscribers are called in order.
 */
const EventEmitter = require('events');

// handlers by topic
const topics = new Map();

function subscribe(topic, handler) { /* … */ }

function unsubscribe(topic, handler) { /* … */ }

class Bus extends EventEmitter {
  /**
   * Publish a message.
   */
  publish(topic, payload) { /* … */ }
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
