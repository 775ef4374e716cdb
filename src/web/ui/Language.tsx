/**
 * The "Language" choice, on the home page and in the settings panel: each language named in its own words,
 * remembered with the other settings; main.tsx loads the catalog and sets <html lang>.
 */
import type { Controller } from '../controller.ts';
import { language, t } from '../i18n/i18n.ts';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages.ts';
import type { Settings } from '../settings.ts';

export function LanguageChoice(props: { settings: Settings; ctl: Controller }) {
  const current = props.settings.language ?? language();
  return (
    <label class="language">
      <span aria-hidden="true">🌐 </span>
      {t('language.label')}{' '}
      <select
        data-language=""
        value={current}
        onChange={(e) => {
          const value = (e.currentTarget as HTMLSelectElement).value;
          if (isLanguage(value)) props.ctl.setSettings({ language: value });
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
