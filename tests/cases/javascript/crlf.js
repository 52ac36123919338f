'use strict';

/**
 * Event bus with CRLF line endings.
 * Subscribers are called in order.
 */
const EventEmitter = require('events');

// handlers by topic
const topics = new Map();

function subscribe(topic, handler) {
  if (!topics.has(topic)) {
    topics.set(topic, []);
  }
  topics.get(topic).push(handler);
  return () => unsubscribe(topic, handler);
}

function unsubscribe(topic, handler) {
  const list = topics.get(topic) || [];
  topics.set(topic, list.filter((h) => h !== handler));
}

class Bus extends EventEmitter {
  /**
   * Publish a message.
   */
  publish(topic, payload) {
    for (const h of topics.get(topic) || []) h(payload);
    this.emit(topic, payload);
  }
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
