// Internationalised strings — 国际化 — 🌐
import { useState } from 'react';

export type Lang = 'fr' | 'zh' | 'ja' | 'ar' | 'emoji';

/** Traductions : 翻訳 — large table, elided at outline. */
export const STRINGS = {
  fr: { title: 'Paramètres', save: 'Enregistrer', cancel: 'Annuler' },
  zh: { title: '设置', save: '保存', cancel: '取消' },
  ja: { title: '設定', save: '保存', cancel: 'キャンセル' },
  ar: { title: 'الإعدادات', save: 'حفظ', cancel: 'إلغاء' },
  emoji: { title: '⚙️', save: '💾', cancel: '❌' },
  de: { title: 'Einstellungen', save: 'Speichern', cancel: 'Abbrechen' },
} as const;

/**
 * Sélecteur de langue.
 * 言語を選択します。
 */
export function LanguagePicker({ onPick }: { onPick: (lang: Lang) => void }) { /* … */ }

export const Greeting = ({ name }: { name: string }) => { /* … */ };

// Réglages — dropped at outline
export const Settings = () => { /* … */ };

export default Settings;
