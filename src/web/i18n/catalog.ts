/** A language's catalog: nested keys down to sentences (test/web/i18n-catalogs.test.ts checks every language has English's keys). */
export interface Catalog {
  readonly [key: string]: string | Catalog;
}
