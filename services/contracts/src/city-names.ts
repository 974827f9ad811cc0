// A city's name inside a sentence. Staff type the name as people write it on its own ("Le Havre", "Porto"); some
// languages change the words around it for the article the name starts with, which a placeholder after a fixed
// preposition cannot do. Kept here because the web's pages and the services' mails say the same sentences.

/**
 * "à" and the city, as French says it: "à" and "le" / "les" contract ("au Havre", "aux Sables-d'Olonne"), "la" and
 * "l'" do not ("à La Rochelle", "à L'Isle-Adam"). The article is matched as a whole word, any case, so "Leeds" stays
 * "à Leeds"; the rest of the name is kept as typed.
 */
export function frenchAtCity(name: string): string {
  const article = /^(les?)\s+(?=\S)/iu.exec(name);
  if (!article) return `à ${name}`;
  const rest = name.slice(article[0].length);
  return `${article[1]!.length === 3 ? 'aux' : 'au'} ${rest}`;
}
