/**
 * The pirate name drawn for whoever does not choose one ("Salty Kraken 17"), in the language of the page that
 * asked (issue 32 item 5: it was English for everyone). Each language builds the name by its own grammar: an
 * English or Dutch adjective before the noun (Dutch nouns all de-words, so the adjective always takes its -e),
 * a German adjective before the noun with the strong ending of the noun's gender ("Salziger Krake",
 * "Salzige Möwe", "Salziges Fass"), a French one after it, agreeing ("Crabe Rusé", "Sirène Rusée"). Only the
 * pairs that fit a name's length with their number are drawn, each as likely as another.
 */
import { randomInt } from 'node:crypto';
import { NAME_MAX, type NameLanguage } from '../../protocol/index.ts';

type Gender = 'm' | 'f' | 'n';

interface Words {
  /** Adjectives by the form each gender takes, e.g. `{ m: 'Salziger', f: 'Salzige', n: 'Salziges' }`. */
  readonly adjectives: readonly Readonly<Record<Gender, string>>[];
  readonly nouns: readonly { readonly noun: string; readonly gender: Gender }[];
  readonly join: (adjective: string, noun: string) => string;
}

/** One form for every gender: languages (or words) whose adjective does not agree. */
const same = (word: string): Record<Gender, string> => ({ m: word, f: word, n: word });

const before = (adjective: string, noun: string) => `${adjective} ${noun}`;
const after = (adjective: string, noun: string) => `${noun} ${adjective}`;

/** German strong endings (no article before the name): -er, -e, -es. */
const german = (stem: string): Record<Gender, string> => ({ m: `${stem}er`, f: `${stem}e`, n: `${stem}es` });
/** French: the feminine given where it is not the masculine with an -e. */
const french = (m: string, f = m.endsWith('e') ? m : `${m}e`): Record<Gender, string> => ({ m, f, n: m });

const nouns = (gender: Gender, words: readonly string[]) => words.map((noun) => ({ noun, gender }));

const WORDS: Readonly<Record<NameLanguage, Words>> = {
  en: {
    adjectives: [
      'Salty',
      'Jolly',
      'Brave',
      'Sneaky',
      'Mighty',
      'Lucky',
      'Rusty',
      'Stormy',
      'Golden',
      'Merry',
      'Swift',
      'Bold',
      'Clever',
      'Dizzy',
      'Sandy',
      'Foggy',
      'Plucky',
      'Cheery',
      'Windy',
      'Silver',
    ].map(same),
    nouns: nouns('n', [
      'Kraken',
      'Parrot',
      'Barnacle',
      'Anchor',
      'Cutlass',
      'Compass',
      'Galleon',
      'Seagull',
      'Lobster',
      'Doubloon',
      'Mermaid',
      'Crab',
      'Buccaneer',
      'Cannon',
      'Lantern',
      'Octopus',
      'Dolphin',
      'Starfish',
      'Sailor',
      'Captain',
    ]),
    join: before,
  },
  nl: {
    adjectives: [
      'Zoute',
      'Vrolijke',
      'Dappere',
      'Stiekeme',
      'Machtige',
      'Roestige',
      'Gouden',
      'Blije',
      'Snelle',
      'Stoere',
      'Slimme',
      'Mistige',
      'Moedige',
      'Kranige',
      'Zilveren',
      'Wilde',
      'Kwieke',
      'Sluwe',
      'Trotse',
      'Stormige',
    ].map(same),
    // De-words only: before a het-word the adjective would drop its -e ("Zout Anker").
    nouns: nouns('m', [
      'Krab',
      'Meeuw',
      'Kreeft',
      'Dolfijn',
      'Piraat',
      'Matroos',
      'Walvis',
      'Zeester',
      'Inktvis',
      'Octopus',
      'Haai',
      'Zeekoe',
      'Schelp',
      'Sloep',
      'Mast',
      'Boei',
      'Kogel',
      'Kapitein',
      'Papegaai',
      'Zeemeermin',
    ]),
    join: before,
  },
  de: {
    adjectives: [
      'Salzig',
      'Lustig',
      'Tapfer',
      'Schlau',
      'Flink',
      'Kühn',
      'Klug',
      'Wild',
      'Frech',
      'Wacker',
      'Munter',
      'Golden',
      'Rostig',
      'Mutig',
      'Listig',
      'Stolz',
      'Heiter',
      'Sandig',
      'Neblig',
      'Fröhlich',
    ].map(german),
    nouns: [
      ...nouns('m', ['Krake', 'Anker', 'Hummer', 'Delfin', 'Pirat', 'Hai', 'Papagei', 'Kompass']),
      ...nouns('f', ['Möwe', 'Krabbe', 'Kanone', 'Muschel', 'Laterne', 'Galeone']),
      ...nouns('n', ['Fass', 'Boot', 'Floß', 'Segel', 'Ruder', 'Tau']),
    ],
    join: before,
  },
  fr: {
    adjectives: [
      french('Salé'),
      french('Joyeux', 'Joyeuse'),
      french('Brave'),
      french('Rusé'),
      french('Hardi'),
      french('Malin', 'Maligne'),
      french('Doré'),
      french('Gai'),
      french('Rapide'),
      french('Fier', 'Fière'),
      french('Agile'),
      french('Futé'),
      french('Têtu'),
      french('Vif', 'Vive'),
      french('Sage'),
      french('Coquin'),
      french('Sauvage'),
      french('Costaud'),
      french('Rieur', 'Rieuse'),
      french('Intrépide'),
    ],
    nouns: [
      ...nouns('m', [
        'Crabe',
        'Homard',
        'Dauphin',
        'Matelot',
        'Corsaire',
        'Requin',
        'Poulpe',
        'Perroquet',
        'Canon',
      ]),
      ...nouns('f', ['Mouette', 'Sirène', 'Baleine', 'Ancre', 'Pieuvre', 'Tortue', 'Frégate', 'Boussole']),
    ],
    join: after,
  },
};

/** The name's number: two digits, 10 to 99, so names of one pair still differ. */
const NUMBER_WIDTH = ' 99'.length;

/** Every adjective and noun pair of a language that fits a name with its number, as it is written. */
function pairs(words: Words): readonly string[] {
  const fits: string[] = [];
  for (const adjective of words.adjectives) {
    for (const { noun, gender } of words.nouns) {
      const pair = words.join(adjective[gender], noun);
      if (pair.length + NUMBER_WIDTH <= NAME_MAX) fits.push(pair);
    }
  }
  return fits;
}

const PAIRS: Readonly<Record<NameLanguage, readonly string[]>> = {
  en: pairs(WORDS.en),
  nl: pairs(WORDS.nl),
  de: pairs(WORDS.de),
  fr: pairs(WORDS.fr),
};

/** Every pair a language may draw (for tests: each must be a name the server accepts). */
export function pirateNamePairs(language: NameLanguage): readonly string[] {
  return PAIRS[language];
}

/** A pirate name in `language`, e.g. 'Salty Kraken 17', 'Salziger Krake 17': drawn with crypto.randomInt. */
export function pirateName(language: NameLanguage = 'en'): string {
  const list = PAIRS[language];
  const pair = list[randomInt(list.length)] ?? 'Pirate';
  return `${pair} ${10 + randomInt(90)}`;
}
