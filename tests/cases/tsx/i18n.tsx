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
export function LanguagePicker({ onPick }: { onPick: (lang: Lang) => void }) {
  const [lang, setLang] = useState<Lang>('fr');
  return (
    <div className="picker">
      {(Object.keys(STRINGS) as Lang[]).map((l) => (
        <button key={l} aria-pressed={l === lang} onClick={() => { setLang(l); onPick(l); }}>
          {STRINGS[l].title} — «{l}»
        </button>
      ))}
    </div>
  );
}

export const Greeting = ({ name }: { name: string }) => <p>¡Hola, {name}! 你好，{name}！ 👋</p>;

// Réglages — dropped at outline
export const Settings = () => {
  const [lang, setLang] = useState<Lang>('ja');
  const t = STRINGS[lang];
  return (
    <form>
      <h1>{t.title}</h1>
      <LanguagePicker onPick={setLang} />
      <button type="submit">{t.save}</button>
      <button type="reset">{t.cancel}</button>
    </form>
  );
};

export default Settings;
