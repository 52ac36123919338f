import { register } from './i18n.js';

/** Langues prises en charge (« supported locales »). */
export const LOCALES = ['fr-FR', 'de-DE', 'zh-CN', 'ja-JP'];

export const MESSAGES = {/* … */};

const WEEKDAYS = [/* … */];

var PRIMES = [/* … */];

const SMALL = { a: 1, b: 2 };

const BANNER = `…`;

export const GREETING = 'Grüß Gott — 你好 — 🙂';

/** Table des routes : chaque entrée garde son gestionnaire. */
export const ROUTES = {
  home: { path: '/', title: 'Accueil' },
  about: { path: '/à-propos', title: 'À propos' },
  search: {
    path: '/recherche',
    handler(query) { /* … */ },
  },
  legacy: { path: '/ancien', title: 'Ancien' },
};

const PLUGINS = [
  require('./plugins/accents'),
  require('./plugins/cjk'),
  require('./plugins/emoji'),
  { name: 'inline', init() {} },
  null,
];

/** Retourne le message traduit. */
export function t(locale, key) { /* … */ }

export const emojiFlag = (cc) => { /* … */ };

register(LOCALES, t, WEEKDAYS, PRIMES, SMALL, BANNER, PLUGINS);
