/**
 * Display names that children may meet: checked against word lists (the pirate name drawn for whoever does
 * not choose one is pirate-names.ts). English goes through `obscenity` (its dataset and transformers see through "sh1t", "fuuuck"
 * and the like while letting "Scunthorpe" and "Assassin" pass); other languages through the word lists of
 * `naughty-words` (LDNOOBW, CC-BY-4.0), matched as whole words only, since their lists hold short words that are
 * parts of innocent ones. Both are tuned here against real names (test/server/names.test.ts lists them): words
 * the lists miss are added, and ordinary English words and names the lists hold are let through.
 */
import { createRequire } from 'node:module';
import { englishDataset, englishRecommendedTransformers, parseRawPattern, RegExpMatcher } from 'obscenity';
import { displayNameSchema, type ErrorCode, type ServerResult } from '../../protocol/index.ts';
import { describeIssues } from '../socket/describe-issues.ts';

/** Languages whose lists are checked besides English (the ones written in the Latin alphabet or Cyrillic). */
const LANGUAGES = [
  'cs',
  'da',
  'de',
  'eo',
  'es',
  'fi',
  'fr',
  'hu',
  'it',
  'nl',
  'no',
  'pl',
  'pt',
  'ru',
  'sv',
  'tr',
];

/** Spellings `obscenity` misses (its patterns' syntax: `|` is a word's edge, `[x]` an optional letter). */
const MORE_ENGLISH = ['phuck', 'phuk', '|kunt|', '|kunts|', 'blyat', 'bl[y]ad', 'sch[e]isse', 'sh[e]isse'];

/**
 * Real names, places and words that hold a listed one ("Pussycat", "Dickens", "Penistone"): a match inside one
 * of these is no match. Lower case, as the matcher compares.
 */
const INNOCENT_ENGLISH = [
  'pussycat',
  'pussy willow',
  'puss in boots',
  'dickens',
  'dickinson',
  'dickson',
  'dick turpin',
  'dick whittington',
  'moby dick',
  'penistone',
  'cumming',
  'cummings',
  'blue tit',
  'great tit',
  'coal tit',
  'rapeseed',
  'van dyke',
  'shiitake',
];

/**
 * Words of the other languages' lists that are ordinary English words or given names ("fan" is Norwegian and
 * Swedish for the devil, "bite" French, "con" French, "regina" a name): as whole words they pass.
 */
const INNOCENT_WORDS: ReadonlySet<string> = new Set([
  'am',
  'anita',
  'bite',
  'bitte',
  'burro',
  'comer',
  'con',
  'del',
  'fan',
  'franc',
  'gat',
  'gerber',
  'gol',
  'hol',
  'johny',
  'mama',
  'mona',
  'nicht',
  'olla',
  'pele',
  'pesce',
  'pinto',
  'pippa',
  'pitt',
  'pot',
  'regina',
  'sega',
  'stake',
  'trio',
]);

const english = (() => {
  const built = englishDataset.build();
  const next = Math.max(...built.blacklistedTerms.map((term) => term.id)) + 1;
  return new RegExpMatcher({
    blacklistedTerms: [
      ...built.blacklistedTerms,
      ...MORE_ENGLISH.map((text, i) => ({ id: next + i, pattern: parseRawPattern(text) })),
    ],
    whitelistedTerms: [...(built.whitelistedTerms ?? []), ...INNOCENT_ENGLISH],
    ...englishRecommendedTransformers,
  });
})();

/** A word as the other languages' lists are compared: lower case, accents and ß folded ('Scheiße' -> 'scheisse'). */
function folded(word: string): string {
  return word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replaceAll('ß', 'ss');
}

/** Every listed word of the other languages, folded, e.g. 'arschloch', 'cabron'. */
const otherWords: ReadonlySet<string> = (() => {
  const lists = createRequire(import.meta.url)('naughty-words') as Record<string, readonly string[]>;
  const words = new Set<string>();
  for (const language of LANGUAGES)
    for (const word of lists[language] ?? []) {
      const key = folded(word);
      if (!INNOCENT_WORDS.has(key)) words.add(key);
    }
  return words;
})();

/** A name as it will be shown, or why not: 'name/invalid' (the form) or 'name/rude' (a listed word). */
export function checkName(input: string): ServerResult<string> {
  const parsed = displayNameSchema.safeParse(input);
  if (!parsed.success) return refuse('name/invalid', describeIssues('The name', parsed.error));
  const name = parsed.data;
  if (isRude(name)) {
    return refuse('name/rude', 'That name is not kind enough for a game children play; choose another.');
  }
  return { ok: true, value: name };
}

function isRude(name: string): boolean {
  const words = folded(name)
    .split(/[\s'-]+/)
    .filter((w) => w.length > 0);
  // A word spelled apart ("f u c k") is looked at whole: runs of single letters are joined. Whole names are
  // not run together, which would find rude words across innocent ones ("windy starfish").
  const joined = words.join(' ').replace(/(?<=^|\s)(\p{L})\s(?=\p{L}(\s|$))/gu, '$1');
  if (english.hasMatch(name.toLowerCase()) || english.hasMatch(joined)) return true;
  return [...words, ...joined.split(' ')].some((word) => otherWords.has(word));
}

function refuse(code: ErrorCode, message: string): ServerResult<never> {
  return { ok: false, error: { code, message } };
}
