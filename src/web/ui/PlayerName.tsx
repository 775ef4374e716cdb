/**
 * Players' names as the page shows them (issue 35): each in a <bdi>, so a right-to-left name cannot reorder the
 * words around it, and bounded in width with an ellipsis (a name of twenty W's would push buttons out of
 * their panel on a phone), the full name kept in the title and in the text a screen reader reads.
 */
import type { JSX } from 'preact';

export function PlayerName(props: { name: string }): JSX.Element {
  return (
    <bdi class="player-name" title={props.name} data-player-name-shown="">
      {props.name}
    </bdi>
  );
}

/**
 * A translated sentence with names in it, each shown as a PlayerName wherever the language puts it: `say` is
 * given a mark for each name and returns the sentence with the marks in it.
 */
export function WithNames<K extends string>(props: {
  names: Readonly<Record<K, string>>;
  say: (marks: Record<K, string>) => string;
}): JSX.Element {
  const keys = Object.keys(props.names) as K[];
  // A private-use character marks each name: no translation or name holds one.
  const marks = Object.fromEntries(keys.map((key, i) => [key, `\uE000${i}\uE000`])) as Record<K, string>;
  const parts = props.say(marks).split(/\uE000(\d+)\uE000/);
  return (
    <>
      {parts.map((part, i) => {
        if (i % 2 === 0) return part;
        const key = keys[Number(part)];
        return key === undefined ? null : <PlayerName key={key} name={props.names[key]} />;
      })}
    </>
  );
}
