import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '@mmdm/contracts/languages';
import { useId, useState, type FormEvent } from 'react';
import type { ConfirmedPlace } from '../api/confirm-entry.js';
import { useChooseLanguage } from '../api/choose-language.js';
import { i18n } from '../../../lib/i18n/i18n.js';

/**
 * The language of the person's e-mails: the one they signed up in until they pick another here. Each language is
 * listed by its own name, and marked with its code, so a reader finds theirs whatever this page's language is.
 */
export function LanguageChoice({ token, place }: { token: string; place: ConfirmedPlace }) {
  const id = useId();
  const choose = useChooseLanguage();
  const [value, setValue] = useState<Language>(place.language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    choose.mutate({ token, language: value });
  };

  return (
    <form className="card city-card" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{i18n._({ id: 'web.language.title', message: 'The language we write to you in' })}</h2>
      <p>
        {i18n._({
          id: 'web.language.body',
          message: 'We write to you in the language you choose here, from the next e-mail on.',
        })}
      </p>
      <div className="field">
        <label htmlFor={id}>{i18n._({ id: 'web.language.label', message: 'Language' })}</label>
        <select
          id={id}
          value={value}
          onChange={(event) => {
            choose.reset();
            if (isLanguage(event.target.value)) setValue(event.target.value);
          }}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--primary" disabled={choose.isPending}>
        {choose.isPending
          ? i18n._({ id: 'web.language.saving', message: 'Saving…' })
          : i18n._({ id: 'web.language.save', message: 'Save my language' })}
      </button>
      <p className="city-card__status" role="status">
        {choose.isError
          ? i18n._({
              id: 'web.language.failed',
              message: 'We could not save your language just now. Please try again.',
            })
          : choose.data
            ? i18n._({
                id: 'web.language.saved',
                message: 'Saved: {language}.',
                values: { language: LANGUAGE_NAMES[choose.data.language] },
              })
            : ''}
      </p>
    </form>
  );
}
