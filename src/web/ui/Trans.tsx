/**
 * A catalog sentence with a word or two in bold or italics ("turn the enemy's <strong>Flag</strong>"):
 * translators move the emphasis with the words. Only <strong> and <em> are understood, and the text is
 * rendered as text, never as HTML, so a catalog cannot inject markup.
 */
import type { ComponentChildren } from 'preact';

const MARKED = /<(strong|em)>(.*?)<\/\1>/g;

export function Trans(props: { text: string }): ComponentChildren {
  const parts: ComponentChildren[] = [];
  let at = 0;
  for (const match of props.text.matchAll(MARKED)) {
    const index = match.index ?? 0;
    if (index > at) parts.push(props.text.slice(at, index));
    const words = match[2] ?? '';
    parts.push(match[1] === 'strong' ? <strong key={index}>{words}</strong> : <em key={index}>{words}</em>);
    at = index + match[0].length;
  }
  if (at < props.text.length) parts.push(props.text.slice(at));
  return <>{parts}</>;
}
