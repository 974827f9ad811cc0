import { useId } from 'react';
import {
  BALANCE_GROUPS,
  BALANCED_WAVE_MIN,
  BALANCE_TOLERANCE_POINTS,
  type BalanceGroup,
  type BalanceTarget,
  type WaveMix,
} from '@mmdm/contracts/launch-admin';
import { formatNumber } from '../../../lib/format.js';

/** What the staff member typed: whether the wave is balanced, and the percentages as text. */
export interface MixDraft {
  on: boolean;
  percent: Record<BalanceGroup, string>;
}

export const NO_MIX: MixDraft = { on: false, percent: { woman: '50', man: '50', nonbinary: '0' } };

const GROUP_WORDS: Record<BalanceGroup, string> = { woman: 'Women %', man: 'Men %', nonbinary: 'Non-binary %' };

/** The target the draft stands for, or why it cannot be sent; undefined target and no problem: not balanced. */
export function targetOf(draft: MixDraft, count: number): { target?: BalanceTarget; problem?: string } {
  if (!draft.on) return {};
  const values = BALANCE_GROUPS.map((group) => Number(draft.percent[group]));
  if (values.some((value) => !Number.isInteger(value) || value < 0 || value > 100)) {
    return { problem: 'Each share is a whole percentage from 0 to 100.' };
  }
  if (values.reduce((sum, value) => sum + value, 0) !== 100) return { problem: 'The shares must add up to 100.' };
  if (count < BALANCED_WAVE_MIN) return { problem: `A balanced wave invites at least ${BALANCED_WAVE_MIN} people.` };
  const [woman, man, nonbinary] = values as [number, number, number];
  return { target: { woman, man, nonbinary } };
}

/** The mix a balanced wave would send, in counts: "48 women, 52 men, 0 non-binary; 12 who said nothing". */
export function mixSentence(mix: WaveMix): string {
  return (
    `${formatNumber(mix.woman)} women, ${formatNumber(mix.man)} men, ${formatNumber(mix.nonbinary)} non-binary; ` +
    `${formatNumber(mix.unsaid)} who said nothing (by place)`
  );
}

/**
 * "Balance this wave": a target share per group (decision 035). The draft keeps each group within
 * BALANCE_TOLERANCE_POINTS of it among the people who said who they are, best places first in each group; people who
 * said nothing are invited by place as in any wave. Staff see the mix in counts, never who is in which group.
 */
export function WaveBalanceFields({ draft, onChange }: { draft: MixDraft; onChange: (draft: MixDraft) => void }) {
  const id = useId();
  return (
    <fieldset className="adm-field wave-balance">
      <legend className="adm-field__label">
        <label>
          <input
            type="checkbox"
            checked={draft.on}
            onChange={(event) => onChange({ ...draft, on: event.currentTarget.checked })}
          />{' '}
          Balance this wave
        </label>
      </legend>
      {draft.on && (
        <>
          <p className="adm-field__hint">
            Among the people who told us who they are, each group stays within ±{BALANCE_TOLERANCE_POINTS} points of its
            share, best places first in each group. People who said nothing are invited by place as usual.
          </p>
          <div className="adm-toolbar">
            {BALANCE_GROUPS.map((group) => (
              <div key={group} className="adm-field adm-field--inline">
                <label className="adm-field__label" htmlFor={`${id}-${group}`}>
                  {GROUP_WORDS[group]}
                </label>
                <input
                  id={`${id}-${group}`}
                  className="adm-input wave-balance__percent"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={100}
                  value={draft.percent[group]}
                  onChange={(event) =>
                    onChange({ ...draft, percent: { ...draft.percent, [group]: event.currentTarget.value } })
                  }
                />
              </div>
            ))}
          </div>
        </>
      )}
    </fieldset>
  );
}
