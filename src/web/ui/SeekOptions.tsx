/**
 * The lobby's options (rules, cannon, clock, each with "any" where the lobby takes it): one picker shared by
 * "Find an opponent" and a challenge to a named player (issue 31), so both offer the same games in the same
 * words. Each use names its radio groups apart (`name`), as both may be on one page.
 */
import { wordsOf } from '../game/names.ts';
import { t } from '../i18n/i18n.ts';
import type { SeekForm } from '../state.ts';

const LABELS = {
  variant: wordsOf(['standard', 'advanced', 'any'] as const, (v) => t(`find.variant.${v}`)),
  shots: wordsOf(['aimed', 'quick', 'any'] as const, (v) => t(`find.shots.${v}`)),
  clock: wordsOf(['none', 'live', 'daily'] as const, (v) => t(`find.clock.${v}`)),
};

function Pick<K extends keyof SeekForm>(props: {
  field: K;
  legend: string;
  form: SeekForm;
  name: string;
  onChange: (form: SeekForm) => void;
}) {
  const { field, form } = props;
  const options = Object.entries(LABELS[field]) as [SeekForm[K], string][];
  return (
    <fieldset class="choice">
      <legend>{props.legend}</legend>
      <div class="choice-row">
        {options.map(([value, label]) => (
          <label key={String(value)} class={form[field] === value ? 'on' : ''}>
            <input
              type="radio"
              name={`${props.name}-${field}`}
              checked={form[field] === value}
              onChange={() => props.onChange({ ...form, [field]: value })}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function SeekOptions(props: { form: SeekForm; name: string; onChange: (form: SeekForm) => void }) {
  return (
    <>
      <Pick field="variant" legend={t('find.rules')} {...props} />
      <Pick field="shots" legend={t('find.cannon')} {...props} />
      <Pick field="clock" legend={t('find.clockLegend')} {...props} />
    </>
  );
}
