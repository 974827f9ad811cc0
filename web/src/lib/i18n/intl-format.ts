// Dates and numbers on the content pages, written the way each language writes them (Intl), in one place so every
// page agrees; a separate module from localized-content.tsx so the home page, which formats nothing, does not load it.
import type { Language } from '@mmdm/contracts/languages';

/**
 * The locale Intl formats a page's dates and numbers in. Portuguese is European Portuguese (the site's Portuguese
 * text is written for Portugal), so "novembro de 2026" and "9,99 US$", not the Brazilian defaults of plain `pt`.
 */
export const INTL_LOCALES: Record<Language, string> = {
  en: 'en',
  es: 'es-ES',
  pt: 'pt-PT',
  de: 'de-DE',
  fr: 'fr-FR',
};

/** A month of a year, as "November 2026" / "noviembre de 2026" / "November 2026" / "novembre 2026". */
export function formatMonth(language: Language, year: number, month: number): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, 1),
  );
}

/** A price in US dollars, as "$9.99" / "9,99 US$" / "9,99 $". */
export function formatUsd(language: Language, amount: number): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], { style: 'currency', currency: 'USD' }).format(amount);
}

/** A count in short form, as "5M" / "5 M" / "5 Mio.". */
export function formatCompact(language: Language, value: number): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], { notation: 'compact' }).format(value);
}

/** A distance in miles, as "100 miles" / "100 millas" / "100 Meilen". */
export function formatMiles(language: Language, value: number): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], { style: 'unit', unit: 'mile', unitDisplay: 'long' }).format(
    value,
  );
}
