/** The catalog's keys are checked by the compiler: `t('home.playComputr')` does not typecheck. */
import 'i18next';
import type { en } from './en.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
